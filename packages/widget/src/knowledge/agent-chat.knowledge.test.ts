import { describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { fakeSite } from '../test/fake-site.js';
import { mount, part, send } from '../test/mount.js';

const SITE = 'http://shop.test';
const shipping = `${SITE}/docs/shipping.md`;
const returns = `${SITE}/docs/returns.md`;
const DOCS = {
  [shipping]: {
    body: '# Shipping\n\nOrders over 40 EUR ship free. Parcels leave our Lisbon warehouse within 2 days.',
    type: 'text/markdown',
    etag: '"ship-1"',
  },
  [returns]: {
    body: '# Returns\n\nUnopened tea can be returned within 30 days for a full refund.',
    type: 'text/markdown',
    etag: '"ret-1"',
  },
};

/** The documents the element's knowledge base has stored (id → text), read from its IndexedDB. */
function storedDocuments(elementId: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(`agent-chat:${elementId}:knowledge`);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('documents').objectStore('documents').getAll();
      all.onsuccess = () => {
        open.result.close();
        resolve(Object.fromEntries(all.result.map((d: { id: string; text: string }) => [d.id, d.text])));
      };
    };
  });
}

let count = 0;
/** A fresh element id per test: its own conversation and knowledge databases. */
const mountKnowledge = (attributes: string, id = `kb-${Date.now()}-${count++}`) =>
  mount(`<agent-chat id="${id}" proxy-url="${SITE}" model="gpt-4o-mini" ${attributes}></agent-chat>`);

describe('<agent-chat knowledge>', () => {
  it('searches the site documents with rag_search, links the source, and downloads unchanged ones only once', async () => {
    const site = fakeSite({
      files: DOCS,
      turns: [
        { toolCalls: [{ name: 'rag_search', arguments: { query: 'free shipping orders' } }] },
        { text: `Orders over 40 EUR ship free ([Shipping](${shipping})).` },
      ],
    });
    const id = `kb-search-${Date.now()}`;
    const element = await mountKnowledge(
      `knowledge="/docs/shipping.md ${returns}"`.replace('/docs', `${SITE}/docs`),
      id,
    );
    await send(element, 'Is shipping free?');
    const answer = () => part(element, 'message-assistant');
    await expect.poll(() => answer()?.textContent, { timeout: 10_000 }).toContain('ship free');

    expect(site.toolNames(0)).toEqual(
      expect.arrayContaining(['rag_search', 'read_attachment', 'retrieve_full_context']),
    );
    const result = String(site.lastMessage(1)?.content);
    expect(result).toContain(shipping);
    expect(result).toContain('Orders over 40 EUR ship free');
    // The system prompt asks for links, and the answer's link is a real one.
    expect(JSON.stringify(site.modelRequests[0]!.body.messages)).toContain('Markdown link');
    await expect.poll(() => answer()?.querySelector('a')?.getAttribute('href')).toBe(shipping);
    expect(site.downloads(shipping)).toBe(1);
    expect(site.downloads(returns)).toBe(1);

    // A new page load (a new element on the same databases): both documents are asked for with their
    // ETag, answered 304, and not downloaded again; search still finds them.
    document.body.replaceChildren();
    site.enqueue(
      { toolCalls: [{ name: 'rag_search', arguments: { query: 'refund unopened tea' } }] },
      { text: 'Within 30 days.' },
    );
    const again = await mountKnowledge(`knowledge="${shipping} ${returns}"`, id);
    await send(again, 'Can I return tea?');
    const answers = () =>
      [...again.shadowRoot!.querySelectorAll('[part~="message-assistant"]')].at(-1)?.textContent;
    await expect.poll(answers, { timeout: 30_000 }).toContain('Within 30 days');
    // Revalidated after the search could answer (from the stored copy), not before.
    await expect
      .poll(() => site.requests.filter((r) => r.url === returns).map((r) => r.status))
      .toEqual([200, 304]);
    expect(site.downloads(shipping)).toBe(1);
    expect(site.downloads(returns)).toBe(1);
    expect(String(site.lastMessage(3)?.content)).toContain('returned within 30 days');
  });

  it('on a return visit answers from the stored documents and saved index while they are revalidated', async () => {
    const routes: Record<string, () => Promise<Response>> = {};
    const site = fakeSite({ files: DOCS, routes, turns: [{ text: 'ok' }] });
    const id = `kb-return-${Date.now()}`;
    const first = await mountKnowledge(`knowledge="${shipping} ${returns}"`, id);
    await send(first, 'hello');
    await expect
      .poll(() => part(first, 'message-assistant')?.textContent, { timeout: 10_000 })
      .toContain('ok');
    await expect.poll(() => site.downloads(returns), { timeout: 10_000 }).toBe(1);
    document.body.replaceChildren();

    // The next page load: the documents' server does not answer until the search has been answered.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const url of [shipping, returns])
      routes[url] = () => held.then(() => new Response(null, { status: 304 }));
    site.enqueue(
      { toolCalls: [{ name: 'rag_search', arguments: { query: 'refund unopened tea' } }] },
      { text: 'Within 30 days.' },
    );
    const again = await mountKnowledge(`knowledge="${shipping} ${returns}"`, id);
    await send(again, 'Can I return tea?');
    const answers = () =>
      [...again.shadowRoot!.querySelectorAll('[part~="message-assistant"]')].at(-1)?.textContent;
    await expect.poll(answers, { timeout: 30_000 }).toContain('Within 30 days');
    expect(String(site.lastMessage(2)?.content)).toContain('returned within 30 days');
    // Asked for (revalidation started, a few at a time), none answered yet, nothing downloaded again.
    expect(site.requests.filter((r) => r.url === returns && r.status === 0)).toHaveLength(1);
    release();
    await expect.poll(() => site.requests.filter((r) => r.status === 304).length).toBe(2);
    expect(site.downloads(returns)).toBe(1);
  });

  it('indexes a changed document again, and drops one no longer listed', async () => {
    const site = fakeSite({
      files: DOCS,
      turns: [
        { text: 'ok' },
        { toolCalls: [{ name: 'rag_search', arguments: { query: 'ship' } }] },
        { text: 'ok' },
      ],
    });
    const id = `kb-change-${Date.now()}`;
    await send(await mountKnowledge(`knowledge="${shipping} ${returns}"`, id), 'hi');
    await expect.poll(() => site.modelRequests.length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => storedDocuments(id), { timeout: 10_000 })
      .toEqual({
        [`document:${shipping}`]: expect.stringContaining('40 EUR'),
        [`document:${returns}`]: expect.stringContaining('30 days'),
      });
    site.files[shipping] = {
      body: '# Shipping\n\nShipping is free from 25 EUR now.',
      type: 'text/markdown',
      etag: '"ship-2"',
    };
    document.body.replaceChildren();
    const element = await mountKnowledge(`knowledge="${shipping}"`, id);
    // A search answers from the stored copies at once; once revalidated, the new copy alone is stored.
    await expect
      .poll(() => storedDocuments(id), { timeout: 10_000 })
      .toEqual({ [`document:${shipping}`]: expect.stringContaining('free from 25 EUR') });
    await send(element, 'shipping?');
    await expect.poll(() => site.modelRequests.length, { timeout: 10_000 }).toBe(3);
    expect(site.downloads(shipping)).toBe(2);
    const result = String(site.lastMessage(2)?.content);
    expect(result).toContain('free from 25 EUR');
    expect(result).not.toContain('40 EUR');
    expect(result).not.toContain(returns);
  });

  it('reads a JSON manifest (URLs relative to it, titles kept) and asks for a Last-Modified document with If-Modified-Since', async () => {
    const manifest = `${SITE}/kb/manifest.json`;
    const guide = `${SITE}/kb/brewing.md`;
    const date = 'Wed, 01 Oct 2025 08:00:00 GMT';
    const site = fakeSite({
      files: {
        [returns]: DOCS[returns],
        [manifest]: {
          body: JSON.stringify({
            documents: [
              { url: 'brewing.md', title: 'Brewing guide' },
              { url: returns, title: 'Returns policy' },
            ],
          }),
          type: 'application/json',
        },
        // No ETag, only a date: the validator a plain static server sends.
        [guide]: {
          body: '# Green tea\n\nBrew sencha at 70 °C for one minute.',
          type: 'text/markdown',
          lastModified: date,
        },
      },
      turns: [
        { toolCalls: [{ name: 'rag_search', arguments: { query: 'brew sencha minute' } }] },
        { text: 'At 70 °C.' },
      ],
    });
    const id = `kb-manifest-${Date.now()}`;
    const element = await mountKnowledge(`knowledge="${manifest}"`, id);
    await send(element, 'How do I brew sencha?');
    await expect
      .poll(() => part(element, 'message-assistant')?.textContent, { timeout: 10_000 })
      .toBe('At 70 °C.');
    // The tool result (JSON or TOON, whichever is smaller) names the guide by its manifest title.
    const result = String(site.lastMessage(1)?.content);
    expect(result).toContain(guide);
    expect(result).toContain('Brewing guide');
    expect(result).toContain('Brew sencha at 70 °C');

    // The next page load: the guide is asked for with its date, answered 304, and still found.
    document.body.replaceChildren();
    site.enqueue(
      { toolCalls: [{ name: 'rag_search', arguments: { query: 'unopened tea refund' } }] },
      { text: 'Within 30 days.' },
    );
    const again = await mountKnowledge(`knowledge="${manifest}"`, id);
    await send(again, 'Returns?');
    const last = () =>
      [...again.shadowRoot!.querySelectorAll('[part~="message-assistant"]')].at(-1)?.textContent;
    await expect.poll(last, { timeout: 10_000 }).toBe('Within 30 days.');
    const asked = () => site.requests.filter((r) => r.url === guide);
    // Revalidated after the search could answer (from the stored copy), not before.
    await expect.poll(() => asked().map((r) => r.status)).toEqual([200, 304]);
    expect(asked()[1]!.headers.get('if-modified-since')).toBe(date);
    const found = String(site.lastMessage(3)?.content);
    expect(found).toContain(returns);
    expect(found).toContain('Returns policy');
  });

  it('names each document that 404s, has an unsupported type or is too big; the chat works with the rest', async () => {
    const missing = `${SITE}/docs/missing.md`;
    const image = `${SITE}/docs/logo.png`;
    const huge = `${SITE}/docs/catalogue.txt`;
    const site = fakeSite({
      files: {
        ...DOCS,
        [missing]: { body: 'gone', type: 'text/plain', status: 404 },
        [image]: { body: new Uint8Array([137, 80, 78, 71]), type: 'image/png' },
        [huge]: { body: 'tea '.repeat(1_400_000), type: 'text/plain' },
      },
      turns: [
        { toolCalls: [{ name: 'rag_search', arguments: { query: 'refund' } }] },
        { text: 'Refunds within 30 days.' },
      ],
    });
    const element = await mountKnowledge(`knowledge="${returns} ${missing} ${image} ${huge}"`);
    const notices = () =>
      [...element.shadowRoot!.querySelectorAll('[part~="knowledge-notice"] li')].map(
        (li) => li.textContent ?? '',
      );
    await expect.poll(notices, { timeout: 10_000 }).toHaveLength(3);
    expect(notices()).toEqual([
      expect.stringMatching(/missing\.md.*HTTP 404/),
      expect.stringMatching(/logo\.png.*image\/png.*not read/),
      expect.stringMatching(/catalogue\.txt.*5\.3 MB.*at most 5\.0 MB/),
    ]);
    await send(element, 'Refunds?');
    await expect
      .poll(() => part(element, 'message-assistant')?.textContent, { timeout: 10_000 })
      .toContain('30 days');
    expect(String(site.lastMessage(1)?.content)).toContain('returned within 30 days');
    expect(part(element, 'error')).toBeNull();
  });
});
