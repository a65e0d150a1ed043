import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { IndexCorruptError } from './rag-errors.js';
import { clusteredUnitVectors } from './testing/seeded-vectors.js';
import { voyIndex } from './voy-index.js';

const wasmPath = createRequire(import.meta.url).resolve('voy-search/voy_search_bg.wasm');
const wasm = () => readFile(wasmPath);
const D = 32;

describe('voyIndex', () => {
  it('adds, searches with cosine scores, updates, removes, and round-trips its own serialization', async () => {
    const data = clusteredUnitVectors(300, D, 11, 10);
    const row = (i: number) => data.subarray(i * D, (i + 1) * D);
    const index = voyIndex({ dimensions: D, wasm });
    await index.add(Array.from({ length: 300 }, (_, i) => ({ id: `v${i}`, vector: row(i) })));
    expect(index.size()).toBe(300);
    const [first] = await index.search(row(5), 3);
    expect(first).toMatchObject({ id: 'v5' });
    expect(first!.score).toBeCloseTo(1, 4);

    await index.add([{ id: 'v5', vector: row(6) }]);
    expect((await index.search(row(6), 2)).map((h) => h.id).sort()).toEqual(['v5', 'v6']);
    expect(await index.remove(['v6', 'nope'])).toBe(1);
    expect(index.has('v6')).toBe(false);

    const copy = voyIndex({ dimensions: D, wasm });
    await copy.load(await index.save());
    expect(copy.size()).toBe(299);
    expect(await copy.search(row(9), 4)).toEqual(await index.search(row(9), 4));
    await expect(copy.load(new TextEncoder().encode('{"tree":').buffer)).rejects.toBeInstanceOf(
      IndexCorruptError,
    );
  });
});
