import { describe, expect, it } from 'vitest';
import { flatIndex } from './flat-index.js';
import { hashingEmbedder } from './hashing-embedder.js';
import { indexedDBRagStore } from './indexeddb-rag-store.js';
import { createKnowledgeBase } from './knowledge-base.js';
import type { KnowledgeEvent } from './knowledge-events.js';
import { clusteredUnitVectors } from './testing/seeded-vectors.js';

const D = 384;
let databases = 0;
const freshName = () => `rag-test-${Date.now()}-${databases++}`;

/** Overwrites one byte of the stored snapshot through the raw IndexedDB API, as disk damage would. */
async function damageStoredIndex(databaseName: string): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(databaseName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const store = db.transaction('vectors', 'readwrite').objectStore('vectors');
  const record = await new Promise<{ snapshot: ArrayBuffer }>((resolve) => {
    const get = store.get('default');
    get.onsuccess = () => resolve(get.result);
  });
  new Uint8Array(record.snapshot)[record.snapshot.byteLength - 1]! ^= 0x5a;
  await new Promise((resolve) => {
    store.put(record).onsuccess = resolve;
  });
  db.close();
}

describe('RAG persistence in Chromium IndexedDB', () => {
  it('round-trips a 5,000-vector flatIndex snapshot as binary through a reopened database', async () => {
    const name = freshName();
    const data = clusteredUnitVectors(5000, D, 21);
    const index = flatIndex({ dimensions: D });
    expect(index.engine).toBe('wasm-simd');
    await index.add(
      Array.from({ length: 5000 }, (_, i) => ({ id: `v${i}`, vector: data.subarray(i * D, (i + 1) * D) })),
    );
    const writer = indexedDBRagStore({ databaseName: name });
    await writer.putVectors({
      name: 'default',
      model: 'm',
      dimensions: D,
      snapshot: await index.save(),
      savedAt: 1,
    });
    await writer.close();

    const reader = indexedDBRagStore({ databaseName: name });
    const stored = await reader.getVectors('default');
    expect(stored?.snapshot).toBeInstanceOf(ArrayBuffer);
    expect(stored!.snapshot.byteLength).toBeLessThan(5000 * D * 2 + 80_000);
    const copy = flatIndex({ dimensions: D });
    await copy.load(stored!.snapshot);
    const query = data.subarray(7 * D, 8 * D);
    expect(await copy.search(query, 10)).toEqual(await index.search(query, 10));
    await reader.close();
  });

  it('reloads a knowledge base without re-embedding, and rebuilds a damaged index instead of crashing', async () => {
    const databaseName = freshName();
    const doc =
      '# Ports\nThe harbour opens at six.\n# Trains\nThe night train leaves at ten from platform two.';
    const first = createKnowledgeBase({
      embedder: hashingEmbedder(),
      store: indexedDBRagStore({ databaseName }),
    });
    await first.add({ source: 'travel.md', content: doc });
    await first.flush();

    let embedded = 0;
    const inner = hashingEmbedder();
    const counting = {
      model: inner.model,
      embed: (texts: readonly string[]) => {
        embedded += texts.length;
        return inner.embed(texts);
      },
    };
    const second = createKnowledgeBase({ embedder: counting, store: indexedDBRagStore({ databaseName }) });
    expect((await second.search('night train platform')).hits[0]).toMatchObject({
      source: 'travel.md',
      section: 'Trains',
      vectorRank: 1,
    });
    expect(embedded).toBe(1);

    await damageStoredIndex(databaseName);
    const events: KnowledgeEvent[] = [];
    const third = createKnowledgeBase({
      embedder: hashingEmbedder(),
      store: indexedDBRagStore({ databaseName }),
      onEvent: (event) => events.push(event),
    });
    const result = await third.search('night train platform');
    expect(result.mode).toBe('hybrid');
    expect(result.hits[0]).toMatchObject({ section: 'Trains', vectorRank: 1 });
    expect(events).toContainEqual({
      type: 'knowledge.index.rebuilt',
      reason: expect.stringMatching(/checksum/),
      vectors: 2,
    });
    await third.flush();

    // The rebuilt index was saved: the next load uses it as is.
    const fourthEvents: KnowledgeEvent[] = [];
    const fourth = createKnowledgeBase({
      embedder: hashingEmbedder(),
      store: indexedDBRagStore({ databaseName }),
      onEvent: (e) => fourthEvents.push(e),
    });
    await fourth.ready();
    expect(fourthEvents.some((e) => e.type === 'knowledge.index.rebuilt')).toBe(false);
  });
});
