import { describe, expect, it } from 'vitest';
import { backgroundKeywordIndex } from './background-keyword-index.js';
import { shardOf } from './built/knowledge-index-format.js';
import { indexedDBRagStore } from './indexeddb-rag-store.js';
import { createKnowledgeBase } from './knowledge-base.js';
import type { KnowledgeEvent } from './knowledge-events.js';

const entries = Array.from({ length: 60 }, (_, i) => ({
  id: `c${i}`,
  title: `Guide ${i}`,
  text: `Service unit${i} restarts nightly; its maintenance window is on day ${i % 7} in region${i % 5}.`,
}));

describe('backgroundKeywordIndex in Chromium', () => {
  it('in a worker answers like the page index, and opens the page index as saved', async () => {
    const worker = backgroundKeywordIndex({}, true);
    const page = backgroundKeywordIndex();
    await Promise.all([worker.add(entries), page.add(entries)]);
    expect(worker.where()).toBe('worker');
    const query = 'unit17 maintenance window region2';
    expect(await worker.search(query, 10)).toEqual(await page.search(query, 10));
    const databaseName = `keywords-copy-${Date.now()}`;
    const record = { name: 'default', version: 2, settings: 's', documents: {}, savedAt: 1 };
    await page.saveTo(databaseName, record);
    const copy = backgroundKeywordIndex({}, true);
    expect(await copy.loadFrom(databaseName, record)).toMatchObject(record);
    expect(await copy.search(query, 10)).toEqual(await page.search(query, 10));
    const store = indexedDBRagStore({ databaseName });
    const saved = (await store.getKeywords('default'))!;
    await store.putKeywords({ ...saved, root: { ...saved.root, idPrefix: new Uint32Array(0) } }, []);
    await expect(copy.loadFrom(databaseName, record)).rejects.toThrow(/damaged/);
  });

  it('falls back to the page, with the calls made meanwhile, when the worker cannot start', async () => {
    const index = backgroundKeywordIndex(
      {},
      () => new Worker('/no-such-keyword-worker.js', { type: 'module' }),
    );
    void index.add(entries);
    const hits = await index.search('unit17 maintenance', 3);
    expect(hits[0]?.id).toBe('c17');
    expect(index.where()).toBe('page');
  });

  it('a knowledge base in IndexedDB keeps chunk texts once and restores its keyword index from the worker', async () => {
    const databaseName = `keywords-${Date.now()}`;
    const first = createKnowledgeBase({ store: indexedDBRagStore({ databaseName }), keywordWorker: true });
    for (const e of entries.slice(0, 20))
      await first.add({ source: `${e.id}.md`, content: `# ${e.title}\n${e.text}` });
    await first.flush();
    const raw = await new Promise<{ chunks: { text?: string }[] }>((resolve, reject) => {
      const open = indexedDB.open(databaseName);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const get = open.result.transaction('documents').objectStore('documents').get('document:c3.md');
        get.onsuccess = () => {
          resolve(get.result);
          open.result.close();
        };
      };
    });
    expect(raw.chunks.every((c) => c.text === undefined)).toBe(true);
    const store = indexedDBRagStore({ databaseName });
    expect((await store.getKeywords('default'))?.root.shortIds.length).toBeGreaterThan(10);
    const second = createKnowledgeBase({ store, keywordWorker: true });
    const { hits } = await second.search('unit3 maintenance window', { k: 1 });
    expect(hits[0]).toMatchObject({ source: 'c3.md', text: expect.stringContaining('unit3') });
  });

  it('in a worker, a damaged saved shard is left out with a notice and the index rebuilt from the documents', async () => {
    const databaseName = `keywords-damaged-${Date.now()}`;
    const first = createKnowledgeBase({ store: indexedDBRagStore({ databaseName }), keywordWorker: true });
    for (const e of entries.slice(0, 20))
      await first.add({ source: `${e.id}.md`, content: `# ${e.title}\n${e.text}` });
    await first.flush();
    const store = indexedDBRagStore({ databaseName });
    const saved = (await store.getKeywords('default'))!;
    const shards = await Promise.all(
      saved.shards.map(async (_, n) => (await store.getKeywordShard('default', n))!),
    );
    const n = shardOf('unit3', saved.shards.length);
    shards[n] = { ...shards[n]!, terms: [...shards[n]!.terms, 'forged'] };
    await store.putKeywords(saved, shards);
    const events: KnowledgeEvent[] = [];
    const second = createKnowledgeBase({ store, keywordWorker: true, onEvent: (e) => events.push(e) });
    await second.search('unit3 maintenance window');
    expect(events).toContainEqual({
      type: 'knowledge.keywords.rebuilt',
      reason: expect.stringContaining(`default/${n}`),
    });
    const { hits } = await second.search('unit3 maintenance window', { k: 1 });
    expect(hits[0]).toMatchObject({ source: 'c3.md' });
  });
});
