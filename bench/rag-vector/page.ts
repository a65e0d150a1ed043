// Runs in Chromium (bundled by index.ts): builds each vector index over the same seeded vectors in one
// page and measures build time, query latency, recall@10 against exact search and persisted bytes.
import { flatIndex } from '@agent-chat/core';
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
  /** Builds the index and returns the milliseconds spent, not counting input conversion. */
  build(data: Float32Array, count: number): Promise<number>;
  query(query: Float32Array): Promise<number[]> | number[];
  bytes(): Promise<number> | number;
}

async function voy(): Promise<Subject> {
  const bindings = voyBindings as {
    Voy: typeof import('voy-search').Voy;
    __wbg_set_wasm(e: WebAssembly.Exports): void;
  };
  const { instance } = await WebAssembly.instantiate(await (await fetch('/voy.wasm')).arrayBuffer(), {
    './voy_search_bg.js': bindings as never,
  });
  bindings.__wbg_set_wasm(instance.exports);
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
    const subject = await FACTORIES[name]!();
    const gc = (globalThis as { gc?: () => void }).gc;
    // Warm the JIT on a small build first, for every subject alike, so the first one is not penalized.
    const warm = await FACTORIES[name]!();
    await warm.build(data, Math.min(1000, count));
    await warm.query(query(0));
    gc?.();
    const buildMs = await subject.build(data, count);
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

(globalThis as unknown as { runVectorBench: typeof runVectorBench }).runVectorBench = runVectorBench;
