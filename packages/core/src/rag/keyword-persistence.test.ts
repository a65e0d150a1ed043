import { describe, expect, it } from 'vitest';
import { backgroundKeywordIndex } from './background-keyword-index.js';
import { shardOf } from './built/knowledge-index-format.js';
import { keywordPersistence, keywordSettings } from './keyword-persistence.js';
import { createKnowledgeBase } from './knowledge-base.js';
import type { KnowledgeEvent } from './knowledge-events.js';
import {
  KEYWORD_SNAPSHOT_VERSION,
  memoryRagStore,
  type RagStore,
  type StoredKeywordShard,
  type StoredKeywords,
} from './rag-store.js';

const topics = ['billing', 'install', 'backup', 'network', 'printer', 'calendar', 'invoice', 'password'];
const page = (i: number) =>
  `# ${topics[i % topics.length]} guide ${i}\nService unit${i} restarts nightly; its ${topics[(i + 3) % topics.length]} ` +
  `settings live in region${i % 5}.\n\n## Maintenance\nThe maintenance window of unit${i} is on day ${i % 7}.`;
const QUERIES = ['unit7 maintenance window', 'billing settings region3', 'printer guide', 'calendar day 4'];

async function seeded(store: RagStore, n = 24) {
  const kb = createKnowledgeBase({ store });
  for (let i = 0; i < n; i++) await kb.add({ source: `docs/${i}.md`, content: page(i) });
  await kb.flush();
  return kb;
}

/** Every chunk matching the query (order among equal BM25 scores follows insertion, so compared as a set). */
const ranked = async (kb: ReturnType<typeof createKnowledgeBase>, query: string) =>
  (await kb.search(query, { k: 200, candidates: 200 })).hits.map((h) => h.chunkId).sort();

/** BM25 scores of every match, to 9 digits (averages are kept incrementally, in another order). */
async function scores(store: RagStore, restore: boolean, query: string) {
  const index = backgroundKeywordIndex();
  const persistence = keywordPersistence(restore ? store : withoutKeywords(store), index, {
    settings: keywordSettings(),
    delayMs: 0,
    documents: () => [],
  });
  const documents = await store.documents();
  for (const d of await persistence.restore(Promise.resolve(documents)))
    await index.add(
      d.chunks.map((c) => ({
        id: c.id,
        text: c.text,
        title: d.title,
        ...(c.section ? { section: c.section } : {}),
      })),
    );
  const hits = await index.search(query, 1000);
  return Object.fromEntries(hits.map((h) => [h.id, h.score.toFixed(9)]));
}

/** A store whose saved keyword index is hidden: a knowledge base over it rebuilds from the documents. */
const withoutKeywords = (store: RagStore): RagStore => ({ ...store, getKeywords: async () => undefined });

describe('the saved keyword index', () => {
  it('is loaded on return without re-tokenising and answers as a rebuilt index does', async () => {
    const store = memoryRagStore();
    await seeded(store);
    const saved = await store.getKeywords!('default');
    expect(saved).toMatchObject({ version: KEYWORD_SNAPSHOT_VERSION, settings: keywordSettings() });
    expect(Object.keys(saved!.documents)).toHaveLength(24);

    const persistence = keywordPersistence(store, backgroundKeywordIndex(), {
      settings: keywordSettings(),
      delayMs: 0,
      documents: () => [],
    });
    expect(await persistence.restore(store.documents())).toEqual([]);

    const restored = createKnowledgeBase({ store });
    const rebuilt = createKnowledgeBase({ store: withoutKeywords(store) });
    for (const query of QUERIES) {
      expect(await ranked(restored, query)).toEqual(await ranked(rebuilt, query));
      expect(await scores(store, true, query)).toEqual(await scores(store, false, query));
    }
    expect((await restored.search('unit7 maintenance window')).hits[0]?.source).toBe('docs/7.md');
  });

  it('re-indexes a changed document only, and saves the index again', async () => {
    const store = memoryRagStore();
    await seeded(store);
    const second = createKnowledgeBase({ store });
    await second.add({
      source: 'docs/7.md',
      content: '# Moved\nThis service now runs in the harbour datacenter.',
    });
    expect((await second.search('harbour datacenter')).hits[0]?.source).toBe('docs/7.md');
    expect((await second.search('unit7 maintenance window')).hits[0]?.source).not.toBe('docs/7.md');
    await second.flush();

    const persistence = keywordPersistence(store, backgroundKeywordIndex(), {
      settings: keywordSettings(),
      delayMs: 0,
      documents: () => [],
    });
    expect(await persistence.restore(store.documents())).toEqual([]);
    const third = createKnowledgeBase({ store });
    const rebuilt = createKnowledgeBase({ store: withoutKeywords(store) });
    for (const query of [...QUERIES, 'harbour datacenter']) {
      expect(await ranked(third, query)).toEqual(await ranked(rebuilt, query));
      expect(await scores(store, true, query)).toEqual(await scores(store, false, query));
    }
  });

  it('drops the chunks of documents removed from the store since it was saved', async () => {
    const store = memoryRagStore();
    await seeded(store);
    await store.deleteDocuments(['document:docs/7.md']);
    const kb = createKnowledgeBase({ store });
    expect((await kb.search('unit7 maintenance window')).hits.map((h) => h.source)).not.toContain(
      'docs/7.md',
    );
    const rebuilt = createKnowledgeBase({ store: withoutKeywords(store) });
    for (const query of QUERIES) {
      expect(await ranked(kb, query)).toEqual(await ranked(rebuilt, query));
      expect(await scores(store, true, query)).toEqual(await scores(store, false, query));
    }
  });

  it.each([
    ['a damaged root', { root: { documentCount: 3 } }],
    ['another version', { version: KEYWORD_SNAPSHOT_VERSION + 1 }],
    ['other analyzer settings', { settings: keywordSettings({ stemming: false }) }],
  ])('is rebuilt from the documents, not an error, when it is %s', async (_what, damage) => {
    const store = memoryRagStore();
    await seeded(store);
    const saved = (await store.getKeywords!('default'))!;
    const shards = await shardsOf(store, saved);
    await store.putKeywords!({ ...saved, ...damage } as StoredKeywords, shards);
    const kb = createKnowledgeBase({ store });
    expect((await kb.search('unit7 maintenance window')).hits[0]?.source).toBe('docs/7.md');
    const rebuilt = createKnowledgeBase({ store: withoutKeywords(store) });
    for (const query of QUERIES) expect(await ranked(kb, query)).toEqual(await ranked(rebuilt, query));
    await kb.flush();
    expect(await store.getKeywords!('default')).toMatchObject({
      version: KEYWORD_SNAPSHOT_VERSION,
      settings: keywordSettings(),
    });
  });
});

describe('the saved keyword index in term shards', () => {
  it('is opened by its root, and a query reads only the shards of its terms', async () => {
    const store = memoryRagStore();
    await seeded(store, 400);
    const saved = (await store.getKeywords!('default'))!;
    expect(saved.shards.length).toBeGreaterThan(1);
    const read: number[] = [];
    const counting: RagStore = {
      ...store,
      getKeywordShard: (name, n) => {
        read.push(n);
        return store.getKeywordShard!(name, n);
      },
    };
    const persistence = keywordPersistence(counting, backgroundKeywordIndex(), {
      settings: keywordSettings(),
      delayMs: 0,
      documents: () => [],
    });
    expect(await persistence.restore(store.documents())).toEqual([]);
    expect(read).toEqual([]);
    const kb = createKnowledgeBase({ store: counting });
    const rebuilt = createKnowledgeBase({ store: withoutKeywords(store) });
    read.length = 0;
    const query = 'unit7 maintenance window';
    expect(await ranked(kb, query)).toEqual(await ranked(rebuilt, query));
    const terms = ['unit7', 'mainten', 'window'];
    const wanted = new Set(terms.map((t) => shardOf(t, saved.shards.length)));
    expect(new Set(read)).toEqual(wanted);
    expect(await scores(counting, true, query)).toEqual(await scores(store, false, query));
  });

  it('goes on without a damaged shard, says so, and rebuilds from the documents', async () => {
    const store = memoryRagStore();
    await seeded(store);
    const saved = (await store.getKeywords!('default'))!;
    const shards = await shardsOf(store, saved);
    const n = shardOf('unit7', saved.shards.length);
    const postings = shards[n]!.postings.slice();
    postings[0] = postings[0]! ^ 0x55;
    shards[n] = { ...shards[n]!, postings };
    await store.putKeywords!(saved, shards);
    const events: KnowledgeEvent[] = [];
    const kb = createKnowledgeBase({ store, onEvent: (e) => events.push(e) });
    await kb.search('unit7 maintenance window');
    expect(events).toContainEqual({
      type: 'knowledge.keywords.rebuilt',
      reason: expect.stringContaining(`default/${n}`),
    });
    expect((await kb.search('unit7 maintenance window')).hits[0]?.source).toBe('docs/7.md');
    const rebuilt = createKnowledgeBase({ store: withoutKeywords(store) });
    for (const query of QUERIES) expect(await ranked(kb, query)).toEqual(await ranked(rebuilt, query));
  });
});

async function shardsOf(store: RagStore, saved: StoredKeywords): Promise<StoredKeywordShard[]> {
  return Promise.all(saved.shards.map(async (_, n) => (await store.getKeywordShard!('default', n))!));
}
