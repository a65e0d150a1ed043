import { memoryStore } from '@agent-chat/core';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../agent-chat.js';
import { fakeSite } from '../test/fake-site.js';
import { mount, parts, send } from '../test/mount.js';

describe('<agent-chat> after a reload', () => {
  it('a message sent while the last conversation is still being restored continues it, shown and answered', async () => {
    fakeSite({ turns: [{ text: 'First answer.' }, { text: 'Second answer.' }] });
    const inner = memoryStore();
    let hold: Promise<void> = Promise.resolve();
    // The store of both page loads; the second load's restore waits until released.
    const store = new Proxy(inner, {
      get: (target, key) =>
        key === 'load'
          ? async (id: string) => {
              await hold;
              return target.load(id);
            }
          : Reflect.get(target, key),
    });
    const attributes = {
      id: `restore-race-${Date.now()}`,
      'proxy-url': 'http://shop.test',
      model: 'gpt-4o-mini',
    };
    let element = await mount({ attributes, setup: (e) => (e.store = store) });
    await send(element, 'First question');
    await expect.poll(() => parts(element, 'message-assistant').at(-1)?.textContent).toBe('First answer.');

    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    element = await mount({ attributes, setup: (e) => (e.store = store) });
    await send(element, 'Second question');
    release();
    await expect
      .poll(() => parts(element, 'message-assistant').at(-1)?.textContent, { timeout: 10_000 })
      .toBe('Second answer.');
    expect(parts(element, 'message-user').map((m) => m.textContent?.trim())).toEqual([
      'First question',
      'Second question',
    ]);
  });

  it('shows the stages of earlier turns, collapsed, and exports the run log as JSONL', async () => {
    const site = fakeSite({
      turns: [
        {
          toolCalls: [{ name: 'get_stock', arguments: { tea: 'sencha' } }],
          usage: { inputTokens: 30, outputTokens: 5 },
        },
        { text: 'Sencha is in stock.', usage: { inputTokens: 40, outputTokens: 6 } },
      ],
    });
    const html = `<agent-chat id="restore-${Date.now()}" proxy-url="http://shop.test" model="gpt-4o-mini" auto-collapse="false"></agent-chat>`;
    let element = await mount(html);
    element.tools = [
      {
        name: 'get_stock',
        description: 'Stock of a tea.',
        parameters: { type: 'object', properties: { tea: { type: 'string' } } },
        execute: () => ({ tea: 'sencha', inStock: 12 }),
      },
    ];
    await send(element, 'Is sencha in stock?');
    await expect
      .poll(() => parts(element, 'message-assistant').at(-1)?.textContent, { timeout: 10_000 })
      .toBe('Sencha is in stock.');
    expect(site.modelRequests).toHaveLength(2);

    element = await mount(html);
    // The stage's full view is a lazy chunk: the summary line shows first, the result a moment later.
    await expect
      .poll(() => parts(element, 'stage')[0]?.textContent, { timeout: 10_000 })
      .toContain('"inStock":12');
    expect(parts(element, 'stage')).toHaveLength(1);
    const [stage] = parts(element, 'stage');
    expect(stage!.dataset.tool).toBe('get_stock');
    expect(stage!.dataset.status).toBe('done');
    // Restored stages stay collapsed even with auto-collapse="false".
    expect(stage!.hasAttribute('open')).toBe(false);
    expect(parts(element, 'message-user').map((m) => m.textContent?.trim())).toEqual(['Is sencha in stock?']);
    expect(parts(element, 'message-assistant').map((m) => m.textContent)).toEqual(['Sencha is in stock.']);

    // The conversation menu exports the run log of this conversation as JSONL (kept across the reload).
    const downloads: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      downloads.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(element.shadowRoot!.querySelector<HTMLElement>('[part~="conversations-toggle"]')!);
    await expect.poll(() => parts(element, 'export-run-log').length).toBe(1);
    await userEvent.click(parts(element, 'export-run-log')[0]!);
    await expect.poll(() => downloads.length).toBe(1);
    expect(createObjectURL).toHaveBeenCalled();
    expect(downloads[0]!.type).toBe('application/x-ndjson');
    const records = (await downloads[0]!.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string });
    const kinds = records.map((r) => r.kind);
    expect(kinds).toContain('run.start');
    expect(kinds.filter((k) => k === 'model.request')).toHaveLength(2);
    expect(kinds).toContain('tool.call');
    expect(kinds.at(-1)).toBe('run.finish');
  });

  it('reaches the proxy’s Anthropic route with provider="anthropic"', async () => {
    const site = fakeSite({ turns: [{ text: 'Hello from Claude.' }] });
    const element = await mount(
      '<agent-chat id="anthropic-chat" proxy-url="http://shop.test" model="claude-haiku-4-5" provider="anthropic" memory="off"></agent-chat>',
    );
    await send(element, 'Hi');
    await expect
      .poll(() => parts(element, 'message-assistant').at(-1)?.textContent, { timeout: 10_000 })
      .toBe('Hello from Claude.');
    expect(site.modelRequests[0]!.url).toBe('http://shop.test/v1/messages');
    expect(site.modelRequests[0]!.body.model).toBe('claude-haiku-4-5');
    expect(site.modelRequests[0]!.headers.get('x-api-key')).toBeNull();
  });
});
