import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder.js';
import { flatIndex } from './flat-index.js';
import { hashingEmbedder } from './hashing-embedder.js';
import { createKnowledgeBase } from './knowledge-base.js';
import type { KnowledgeEvent } from './knowledge-events.js';
import { memoryRagStore } from './rag-store.js';

const GUIDE = `# Install
Download the installer and run it. On Linux use the apt repository.

# Billing
Invoices are sent on the first day of each month. Refunds take five business days.

# Troubleshooting
If the app does not start, delete the cache folder and restart.`;

/** The hashing embedder, counting the texts it embeds. */
function countingEmbedder() {
  const inner = hashingEmbedder();
  const calls = { texts: 0 };
  const embedder: Embedder = {
    model: inner.model,
    embed: async (texts, o) => {
      calls.texts += texts.length;
      return inner.embed(texts, o);
    },
  };
  return { embedder, calls };
}

describe('createKnowledgeBase', () => {
  it('without an embedder searches by keywords and says so in the result and in events', async () => {
    const events: KnowledgeEvent[] = [];
    const kb = createKnowledgeBase({ onEvent: (e) => events.push(e) });
    await kb.add({ source: 'guide.md', content: GUIDE });
    const result = await kb.search('when do refunds arrive');
    expect(result.mode).toBe('keyword');
    expect(result.note).toMatch(/Keyword search only: no embedding model is configured/);
    expect(result.hits[0]).toMatchObject({ source: 'guide.md', section: 'Billing', title: 'guide.md' });
    expect(result.hits[0]!.text).toContain('Refunds take five business days');
    expect(events).toContainEqual({
      type: 'knowledge.mode',
      mode: 'keyword',
      reason: 'no embedding model is configured',
    });
  });

  it('with an embedder fuses keyword and vector ranks', async () => {
    const kb = createKnowledgeBase({ embedder: hashingEmbedder() });
    await kb.add({ source: 'guide.md', content: GUIDE, metadata: { team: 'support' } });
    const result = await kb.search('refunds business days', { k: 2 });
    expect(result.mode).toBe('hybrid');
    expect(result.note).toBeUndefined();
    expect(result.hits[0]).toMatchObject({
      section: 'Billing',
      keywordRank: 1,
      vectorRank: 1,
      metadata: { team: 'support' },
    });
    expect(result.hits[0]!.score).toBeCloseTo(2 / 61, 6);
    expect(result.hits).toHaveLength(1); // unrelated chunks are not padded in
    const limited = await kb.search('installer refunds cache', { k: 2 });
    expect(limited.hits).toHaveLength(2);
  });

  it('keeps attachments to their conversation, serves unchanged ones from cache, and expires them', async () => {
    let clock = 1_000;
    const { embedder, calls } = countingEmbedder();
    const events: KnowledgeEvent[] = [];
    const kb = createKnowledgeBase({
      embedder,
      now: () => clock,
      attachmentTtlMs: 60_000,
      onEvent: (e) => events.push(e),
    });
    await kb.add({
      source: 'notes.txt',
      content: 'The launch code word is pineapple.',
      conversationId: 'c1',
    });
    expect((await kb.search('pineapple', { conversationId: 'c1' })).hits).toHaveLength(1);
    expect((await kb.search('pineapple', { conversationId: 'c2' })).hits).toHaveLength(0);
    expect((await kb.search('pineapple')).hits).toHaveLength(0);

    const embedded = calls.texts;
    await kb.add({
      source: 'notes.txt',
      content: 'The launch code word is pineapple.',
      conversationId: 'c1',
    });
    expect(calls.texts).toBe(embedded);
    expect(
      events.filter((e) => e.type === 'knowledge.ingested').map((e) => 'cached' in e && e.cached),
    ).toEqual([false, true]);

    clock += 60_001;
    expect((await kb.search('pineapple', { conversationId: 'c1' })).hits).toHaveLength(0);
    expect(events.at(-1)).toEqual({
      type: 'knowledge.removed',
      documentIds: ['conversation:c1:notes.txt'],
      reason: 'expired',
    });
  });

  it('reloads documents and vectors from its store without re-embedding, and rebuilds a damaged index', async () => {
    const store = memoryRagStore();
    const first = createKnowledgeBase({ embedder: hashingEmbedder(), store });
    await first.add({ source: 'guide.md', content: GUIDE });
    await first.flush();

    const { embedder, calls } = countingEmbedder();
    const second = createKnowledgeBase({ embedder, store });
    expect((await second.search('cache folder restart')).hits[0]).toMatchObject({
      section: 'Troubleshooting',
      vectorRank: 1,
    });
    expect(calls.texts).toBe(1); // the query only

    const stored = (await store.getVectors('default'))!;
    new Uint8Array(stored.snapshot)[stored.snapshot.byteLength - 3]! ^= 0xff;
    await store.putVectors(stored);
    const events: KnowledgeEvent[] = [];
    const third = createKnowledgeBase({ embedder: hashingEmbedder(), store, onEvent: (e) => events.push(e) });
    const result = await third.search('cache folder restart');
    expect(result.mode).toBe('hybrid');
    expect(result.hits[0]).toMatchObject({ section: 'Troubleshooting', vectorRank: 1 });
    expect(events).toContainEqual({
      type: 'knowledge.index.rebuilt',
      reason: expect.stringMatching(/checksum mismatch/),
      vectors: 3,
    });
  });

  it('falls back to keywords when the embedding model fails, keeping the document searchable', async () => {
    const events: KnowledgeEvent[] = [];
    const broken: Embedder = {
      model: 'broken',
      embed: async () => Promise.reject(new Error('model file missing')),
    };
    const kb = createKnowledgeBase({ embedder: broken, onEvent: (e) => events.push(e) });
    await kb.add({ source: 'guide.md', content: GUIDE });
    const result = await kb.search('invoices');
    expect(result.mode).toBe('keyword');
    expect(result.note).toBe('Keyword search only: the embedding model failed: model file missing.');
    expect(result.hits[0]!.section).toBe('Billing');
    expect(events).toContainEqual({
      type: 'knowledge.mode',
      mode: 'keyword',
      reason: 'the embedding model failed: model file missing',
    });
  });

  it('replaces a document added again under the same source and removes documents', async () => {
    const kb = createKnowledgeBase({ embedder: hashingEmbedder() });
    await kb.add({ source: 'a.md', content: 'alpha release notes' });
    await kb.add({ source: 'a.md', content: 'beta release notes' });
    expect((await kb.search('alpha')).hits).toHaveLength(0);
    expect((await kb.search('beta')).hits).toHaveLength(1);
    await kb.remove(['document:a.md']);
    expect(await kb.documents()).toEqual([]);
    await expect(kb.add({ source: '', content: 'x' })).rejects.toThrow(/source/);
  });

  it('coalesces snapshot writes during a burst of additions, and the last one holds every chunk', async () => {
    const store = memoryRagStore();
    let writes = 0;
    const counted = {
      ...store,
      putVectors: async (v: Parameters<typeof store.putVectors>[0]) => {
        writes++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return store.putVectors(v);
      },
    };
    const kb = createKnowledgeBase({ embedder: hashingEmbedder(), store: counted });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => kb.add({ source: `n${i}.txt`, content: `note number ${i}` })),
    );
    await kb.flush();
    expect(writes).toBeLessThan(20);
    const stored = (await store.getVectors('default'))!;
    const index = flatIndex({ dimensions: stored.dimensions });
    await index.load(stored.snapshot);
    expect(index.size()).toBe(20);
  });
});
