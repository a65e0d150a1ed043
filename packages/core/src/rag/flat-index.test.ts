import { describe, expect, it } from 'vitest';
import { flatIndex } from './flat-index.js';
import { IndexCorruptError, RagInputError } from './rag-errors.js';
import { clusteredUnitVectors, exactTopK, randomUnitVectors } from './testing/seeded-vectors.js';

const D = 384;
const row = (data: Float32Array, i: number) => data.subarray(i * D, (i + 1) * D);
const records = (data: Float32Array, prefix = 'v') =>
  Array.from({ length: data.length / D }, (_, i) => ({ id: `${prefix}${i}`, vector: row(data, i) }));

async function recallAt10(index: ReturnType<typeof flatIndex>, data: Float32Array, queries: Float32Array) {
  let found = 0;
  const n = queries.length / D;
  for (let q = 0; q < n; q++) {
    const exact = new Set(exactTopK(data, D, row(queries, q), 10).map((i) => `v${i}`));
    const hits = await index.search(row(queries, q), 10);
    found += hits.filter((hit) => exact.has(hit.id)).length;
  }
  return found / (n * 10);
}

describe('flatIndex', () => {
  it('uses the WASM SIMD kernel in Node and finds the exact top 10 on clustered and uniform data', async () => {
    for (const data of [clusteredUnitVectors(3000, D, 1), randomUnitVectors(3000, D, 2)]) {
      const index = flatIndex({ dimensions: D });
      expect(index.engine).toBe('wasm-simd');
      await index.add(records(data));
      expect(await recallAt10(index, data, clusteredUnitVectors(20, D, 3))).toBeGreaterThanOrEqual(0.98);
    }
  });

  it('returns cosine scores, best first, and the JS fallback agrees with the kernel', async () => {
    const data = clusteredUnitVectors(500, D, 4);
    const wasm = flatIndex({ dimensions: D });
    const js = flatIndex({ dimensions: D, kernel: 'js' });
    expect(js.engine).toBe('js');
    await wasm.add(records(data));
    await js.add(records(data));
    const query = row(data, 17);
    const [a, b] = [await wasm.search(query, 5), await js.search(query, 5)];
    expect(a[0]).toMatchObject({ id: 'v17' });
    expect(a[0]!.score).toBeCloseTo(1, 2);
    expect(a.map((h) => h.id)).toEqual(b.map((h) => h.id));
    expect(a.every((hit, i) => i === 0 || a[i - 1]!.score >= hit.score)).toBe(true);
  });

  it('updates and removes by id, keeping the other vectors findable', async () => {
    const data = randomUnitVectors(200, D, 5);
    const index = flatIndex({ dimensions: D });
    await index.add(records(data));
    expect(await index.remove(['v3', 'v150', 'missing'])).toBe(2);
    expect(index.size()).toBe(198);
    expect(index.has('v3')).toBe(false);
    expect((await index.search(row(data, 3), 1))[0]!.id).not.toBe('v3');
    // v199 moved into a freed slot: it must still be found under its own id.
    expect((await index.search(row(data, 199), 1))[0]).toMatchObject({ id: 'v199' });
    // Update: v10 now holds v20's vector.
    await index.add([{ id: 'v10', vector: row(data, 20) }]);
    expect(index.size()).toBe(198);
    const hits = await index.search(row(data, 20), 2);
    expect(hits.map((h) => h.id).sort()).toEqual(['v10', 'v20']);
  });

  it('saves to a compact binary snapshot and loads it back with the same results', async () => {
    const data = clusteredUnitVectors(1000, D, 6);
    const index = flatIndex({ dimensions: D });
    await index.add(records(data, 'doc-é/'));
    const snapshot = await index.save();
    expect(snapshot.byteLength).toBeLessThan(1000 * D * 2 + 20_000);
    const copy = flatIndex({ dimensions: D });
    await copy.load(snapshot);
    expect(copy.size()).toBe(1000);
    const query = row(data, 42);
    expect(await copy.search(query, 10)).toEqual(await index.search(query, 10));
  });

  it('rejects damaged snapshots with IndexCorruptError', async () => {
    const index = flatIndex({ dimensions: D });
    await index.add(records(randomUnitVectors(50, D, 7)));
    const good = await index.save();
    const flipped = good.slice(0);
    new Uint8Array(flipped)[good.byteLength - 100]! ^= 0x10;
    const target = flatIndex({ dimensions: D });
    for (const bad of [
      flipped,
      good.slice(0, good.byteLength - 2),
      new ArrayBuffer(10),
      new TextEncoder().encode('{"json":1}').buffer,
    ]) {
      await expect(target.load(bad as ArrayBuffer)).rejects.toBeInstanceOf(IndexCorruptError);
    }
    await expect(flatIndex({ dimensions: 128 }).load(good)).rejects.toThrow(/384 dimensions, the index 128/);
  });

  it('says what is wrong with bad vectors', async () => {
    const index = flatIndex({ dimensions: 4 });
    await expect(index.add([{ id: 'a', vector: [1, 2, 3] }])).rejects.toThrow(RagInputError);
    await expect(index.add([{ id: 'a', vector: [1, Number.NaN, 0, 0] }])).rejects.toThrow(
      /NaN at position 1/,
    );
    await expect(index.search([1, 0, 0, 0], 0)).rejects.toThrow(/k must be a positive integer/);
    expect(await index.search([1, 0, 0, 0], 3)).toEqual([]);
  });
});
