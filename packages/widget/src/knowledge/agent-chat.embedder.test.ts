import { describe, expect, it, vi } from 'vitest';
import '../agent-chat.js';
import type { AgentChatElement } from '../element/agent-chat.component.js';
import { fakeSite } from '../test/fake-site.js';
import { mount, send } from '../test/mount.js';

const SITE = 'http://shop.test';
const shipping = `${SITE}/docs/shipping.md`;
const returns = `${SITE}/docs/returns.md`;
const DOCS = {
  [shipping]: {
    body: '# Shipping\n\nOrders over 40 EUR ship free. Parcels leave our Lisbon warehouse within 2 days.',
    type: 'text/markdown',
  },
  [returns]: {
    body: '# Returns\n\nUnopened tea can be returned within 30 days for a full refund.',
    type: 'text/markdown',
  },
};

// The tiny generated BERT of core's transformers tests, and onnxruntime-web's files, served by Vite from
// disk (/@fs/…), as a site would self-host them: the embedder's worker never reaches the network.
const here = import.meta.url;
const fsPath = (relative: string) => `/@fs${new URL(relative, here).pathname}`;
const ort = '../../../core/node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify';
const tinyModel = {
  model: 'tiny-bert',
  dtype: 'fp32',
  device: 'wasm',
  localModelPath: fsPath('../../../core/src/rag/fixtures/'),
  allowRemoteModels: false,
  wasmPaths: {
    mjs: new URL(fsPath(`${ort}.mjs`), location.href).href,
    wasm: new URL(fsPath(`${ort}.wasm`), location.href).href,
  },
} as const;

/** An element configured as a page would, with `embedderOptions` set before it connects. */
const mountEmbedding = (attributes: Record<string, string>) =>
  mount({
    attributes: {
      id: `embed-${Date.now()}-${Math.random()}`,
      'proxy-url': SITE,
      model: 'gpt-4o-mini',
      memory: 'off',
      ...attributes,
    },
    setup: (element) => (element.embedderOptions = tinyModel),
  });
const answer = (element: AgentChatElement) =>
  element.shadowRoot!.querySelector('[part~="message-assistant"]')?.textContent;

describe('<agent-chat embedder>', () => {
  it('embedder="transformers" indexes the knowledge with vectors, shows the model download, and rag_search is hybrid', async () => {
    const site = fakeSite({
      files: DOCS,
      turns: [
        { toolCalls: [{ name: 'rag_search', arguments: { query: 'free shipping orders' } }] },
        { text: `Orders over 40 EUR ship free ([Shipping](${shipping})).` },
      ],
    });
    const chat = await mountEmbedding({ knowledge: `${shipping} ${returns}`, embedder: 'transformers' });
    // Every state the download view passes through, as the visitor sees it (the model loads in the
    // background after the knowledge chunk, so observing from here misses nothing).
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      const view = chat.shadowRoot!.querySelector<HTMLElement>('[part~="model-progress"]');
      if (view) shown.push(`${view.dataset.phase}: ${view.querySelector('.model-title')?.textContent}`);
    });
    observer.observe(chat.shadowRoot!, { childList: true, subtree: true, attributes: true });

    await send(chat, 'Is shipping free?');
    await expect.poll(() => answer(chat), { timeout: 80_000 }).toContain('ship free');
    observer.disconnect();

    expect(shown).toContain('download: Downloading tiny-bert');
    // Once the model is ready the view goes away: the chat shows no stale bar.
    expect(chat.shadowRoot!.querySelector('[part~="model-progress"]')).toBeNull();
    const result = JSON.parse(String(site.lastMessage(1)?.content)) as {
      mode: string;
      results: Array<{ source: string; text: string }>;
    };
    expect(result.mode).toBe('hybrid');
    expect(result.results[0]).toMatchObject({ source: shipping });
    expect(result.results[0]!.text).toContain('Orders over 40 EUR ship free');
  }, 120_000);

  it('warns about an unknown embedder naming the valid values, and keeps keyword search', async () => {
    const warn = vi.spyOn(console, 'warn');
    const site = fakeSite({
      files: DOCS,
      turns: [
        { toolCalls: [{ name: 'rag_search', arguments: { query: 'refund unopened tea' } }] },
        { text: 'Within 30 days.' },
      ],
    });
    const chat = await mountEmbedding({ knowledge: `${shipping} ${returns}`, embedder: 'word2vec' });
    await send(chat, 'Can I return tea?');
    await expect.poll(() => answer(chat), { timeout: 10_000 }).toContain('Within 30 days');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/unknown embedder "word2vec".*"transformers"/));
    const result = JSON.parse(String(site.lastMessage(1)?.content)) as {
      mode: string;
      results: Array<{ source: string }>;
    };
    expect(result.mode).toBe('keyword');
    expect(result.results[0]).toMatchObject({ source: returns });
    expect(chat.shadowRoot!.querySelector('[part~="model-progress"]')).toBeNull();
  });
});
