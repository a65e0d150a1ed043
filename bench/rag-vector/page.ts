// Runs in Chromium (bundled by index.ts): builds each vector index over the same seeded vectors in one
// page and measures build time, query latency, recall@10 against exact search and persisted bytes.
import { flatIndex, IndexCorruptError, indexedDBRagStore } from '@agent-chat/core';
import { create, insertMultiple, save, search } from '@orama/orama';
// @ts-expect-error -- voy-search's wasm-bindgen glue has no type declarations
import * as voyBindings from 'voy-search/voy_search_bg.js';
import {
  clusteredUnitVectors,
  exactTopK,
  randomUnitVectors,
} from '../../packages/core/src/rag/testing/seeded-vectors.ts';

export interface VectorBenchConfig {
  dataset: 'random' | 'clustered';
  count: number;
  queries: number;
  /** Builds timed per subject; the median is reported. */
  builds: number;
  subjects: string[];
}

export interface SubjectResult {
  subject: string;
  buildMs: number;
  p50: number;
  p95: number;
  recall: number;
  bytes: number;
}

const D = 384;
const K = 10;

interface Subject {
  /** The library's own index object, where the persistence bench needs it. */
  raw?: () => unknown;
  /** Builds the index and returns the milliseconds spent, not counting input conversion. */
  build(data: Float32Array, count: number): Promise<number>;
  query(query: Float32Array): Promise<number[]> | number[];
  bytes(): Promise<number> | number;
}

const voyBindingsTyped = voyBindings as {
  Voy: typeof import('voy-search').Voy;
  __wbg_set_wasm(e: WebAssembly.Exports): void;
};
let voyReady: Promise<void> | undefined;

async function voy(): Promise<Subject> {
  const bindings = voyBindingsTyped;
  // One WASM instance per page: the wasm-bindgen glue holds a single module-wide instance.
  voyReady ??= (async () => {
    const { instance } = await WebAssembly.instantiate(await (await fetch('/voy.wasm')).arrayBuffer(), {
      './voy_search_bg.js': bindings as never,
    });
    bindings.__wbg_set_wasm(instance.exports);
  })();
  await voyReady;
  let index: InstanceType<typeof bindings.Voy>;
  let resource: { embeddings: { id: string; title: string; url: string; embeddings: number[] }[] };
  return {
    async build(data, count) {
      resource = { embeddings: [] };
      for (let i = 0; i < count; i++)
        resource.embeddings.push({
          id: String(i),
          title: '',
          url: '',
          embeddings: Array.from(data.subarray(i * D, (i + 1) * D)),
        });
      const start = performance.now();
      index = new bindings.Voy(resource);
      return performance.now() - start;
    },
    query: (q) => index.search(q, K).neighbors.map((n) => Number(n.id)),
    raw: () => index,
    bytes: () => new TextEncoder().encode(index.serialize()).byteLength,
  };
}

function orama(): Subject {
  // biome-ignore lint/suspicious/noExplicitAny: orama's schema-typed db is not needed here
  let db: any;
  return {
    async build(data, count) {
      db = create({ schema: { n: 'number', embedding: `vector[${D}]` } as const });
      const docs = Array.from({ length: count }, (_, i) => ({
        n: i,
        embedding: Array.from(data.subarray(i * D, (i + 1) * D)),
      }));
      const start = performance.now();
      await insertMultiple(db, docs, 1000);
      return performance.now() - start;
    },
    async query(q) {
      const result = await search(db, {
        mode: 'vector',
        vector: { value: Array.from(q), property: 'embedding' },
        similarity: -1,
        limit: K,
        includeVectors: false,
      });
      return result.hits.map((hit: { document: { n: number } }) => hit.document.n);
    },
    bytes: () => jsonBytes(save(db)),
  };
}

/** UTF-8 bytes of JSON.stringify(value), counted piecewise when the whole string would exceed V8's limit. */
function jsonBytes(value: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(value)).byteLength;
  } catch (error) {
    if (!(error instanceof RangeError) || typeof value !== 'object' || value === null) throw error;
    const entries = Object.entries(value);
    // Braces or brackets, commas, and for objects the quoted keys with their colons.
    let bytes = 2 + Math.max(0, entries.length - 1);
    for (const [key, item] of entries)
      bytes += (Array.isArray(value) ? 0 : jsonBytes(key) + 1) + jsonBytes(item);
    return bytes;
  }
}

function flat(kernel: 'auto' | 'js'): Subject {
  let index: ReturnType<typeof flatIndex>;
  return {
    async build(data, count) {
      index = flatIndex({ dimensions: D, kernel });
      const records = Array.from({ length: count }, (_, i) => ({
        id: String(i),
        vector: data.subarray(i * D, (i + 1) * D),
      }));
      const start = performance.now();
      await index.add(records);
      return performance.now() - start;
    },
    query: async (q) => (await index.search(q, K)).map((hit) => Number(hit.id)),
    bytes: async () => (await index.save()).byteLength,
  };
}

/** What most apps write first: a Float32Array and a loop, sorting all scores. */
function plainScan(): Subject {
  let vectors: Float32Array;
  return {
    async build(data, count) {
      const start = performance.now();
      vectors = data.slice(0, count * D);
      return performance.now() - start;
    },
    query: (q) => exactTopK(vectors, D, q, K),
    bytes: () => vectors.byteLength,
  };
}

const FACTORIES: Record<string, () => Promise<Subject> | Subject> = {
  flat: () => flat('auto'),
  'flat-js': () => flat('js'),
  voy,
  orama,
  plain: plainScan,
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function runVectorBench(config: VectorBenchConfig): Promise<SubjectResult[]> {
  const { count, queries } = config;
  const make = config.dataset === 'random' ? randomUnitVectors : clusteredUnitVectors;
  const all = make(count + queries, D, 2026);
  const data = all.subarray(0, count * D);
  const query = (q: number) => all.subarray((count + q) * D, (count + q + 1) * D);
  const truth = Array.from({ length: queries }, (_, q) => new Set(exactTopK(data, D, query(q), K)));
  const results: SubjectResult[] = [];
  for (const name of config.subjects) {
    const gc = (globalThis as { gc?: () => void }).gc;
    // Warm the JIT on a small build first, for every subject alike, so the first one is not penalized.
    const warm = await FACTORIES[name]!();
    await warm.build(data, Math.min(1000, count));
    await warm.query(query(0));
    // The median of several builds (a fresh index each) damps the noise of a shared machine.
    const buildTimes: number[] = [];
    let subject = warm;
    for (let b = 0; b < config.builds; b++) {
      gc?.();
      subject = await FACTORIES[name]!();
      buildTimes.push(await subject.build(data, count));
    }
    buildTimes.sort((a, b) => a - b);
    const buildMs = percentile(buildTimes, 0.5);
    for (let q = 0; q < Math.min(5, queries); q++) await subject.query(query(q));
    gc?.();
    const times: number[] = [];
    let found = 0;
    for (let q = 0; q < queries; q++) {
      const t = performance.now();
      const ids = await subject.query(query(q));
      times.push(performance.now() - t);
      found += ids.filter((id) => truth[q]!.has(id)).length;
    }
    times.sort((a, b) => a - b);
    results.push({
      subject: name,
      buildMs,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      recall: found / (queries * K),
      bytes: await subject.bytes(),
    });
  }
  return results;
}

export interface PersistenceResult {
  subject: 'flat' | 'voy';
  writeMs: number;
  readMs: number;
  bytes: number;
  sameResults: boolean;
  corruptionDetected?: boolean;
}

/** Writes each index to real IndexedDB, reads it back into a new index, and checks damaged data is refused. */
async function runPersistenceBench(count: number): Promise<PersistenceResult[]> {
  const data = clusteredUnitVectors(count + 1, D, 77);
  const query = data.subarray(count * D, (count + 1) * D);
  const results: PersistenceResult[] = [];

  const flatOne = flatIndex({ dimensions: D });
  await flatOne.add(
    Array.from({ length: count }, (_, i) => ({ id: String(i), vector: data.subarray(i * D, (i + 1) * D) })),
  );
  const store = indexedDBRagStore({ databaseName: `bench-${Date.now()}` });
  let start = performance.now();
  const snapshot = await flatOne.save();
  await store.putVectors({ name: 'default', model: 'bench', dimensions: D, snapshot, savedAt: Date.now() });
  const writeMs = performance.now() - start;
  start = performance.now();
  const stored = (await store.getVectors('default'))!;
  const flatTwo = flatIndex({ dimensions: D });
  await flatTwo.load(stored.snapshot);
  const readMs = performance.now() - start;
  const same =
    JSON.stringify(await flatOne.search(query, 10)) === JSON.stringify(await flatTwo.search(query, 10));
  new Uint8Array(stored.snapshot)[stored.snapshot.byteLength >> 1]! ^= 0x40;
  await store.putVectors(stored);
  const damaged = (await store.getVectors('default'))!;
  const corruptionDetected = await flatIndex({ dimensions: D })
    .load(damaged.snapshot)
    .then(
      () => false,
      (error: unknown) => error instanceof IndexCorruptError,
    );
  results.push({
    subject: 'flat',
    writeMs,
    readMs,
    bytes: snapshot.byteLength,
    sameResults: same,
    corruptionDetected,
  });
  await store.close();

  // voy-search persists a JSON string: stored as is in an object store of the same kind.
  const voySubject = await voy();
  await voySubject.build(data, count);
  const voyIndexed = voySubject.raw!() as InstanceType<typeof import('voy-search').Voy>;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(`bench-voy-${Date.now()}`, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('vectors');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const put = (value: string) =>
    new Promise((resolve, reject) => {
      const tx = db.transaction('vectors', 'readwrite');
      tx.objectStore('vectors').put(value, 'default');
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  const get = () =>
    new Promise<string>((resolve) => {
      const request = db.transaction('vectors').objectStore('vectors').get('default');
      request.onsuccess = () => resolve(request.result as string);
    });
  start = performance.now();
  const text = voyIndexed.serialize();
  await put(text);
  const voyWriteMs = performance.now() - start;
  start = performance.now();
  const restored = (voyBindings as { Voy: typeof import('voy-search').Voy }).Voy.deserialize(await get());
  const voyReadMs = performance.now() - start;
  const ids = (index: typeof voyIndexed) => JSON.stringify(index.search(query, K).neighbors.map((n) => n.id));
  const voySame = ids(restored) === ids(voyIndexed);
  db.close();
  results.push({
    subject: 'voy',
    writeMs: voyWriteMs,
    readMs: voyReadMs,
    bytes: new TextEncoder().encode(text).byteLength,
    sameResults: voySame,
  });
  return results;
}

(globalThis as unknown as { runVectorBench: typeof runVectorBench }).runVectorBench = runVectorBench;
(globalThis as unknown as { runPersistenceBench: typeof runPersistenceBench }).runPersistenceBench =
  runPersistenceBench;
