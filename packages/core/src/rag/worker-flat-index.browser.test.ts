import { describe, expect, it } from 'vitest';
import { flatIndex } from './flat-index.js';
import { IndexCorruptError, RagInputError } from './rag-errors.js';
import { clusteredUnitVectors } from './testing/seeded-vectors.js';
import { workerFlatIndex } from './worker-flat-index.js';

const D = 384;

describe('workerFlatIndex (flatIndex in a Web Worker)', () => {
  it('answers like the in-thread index, and round-trips snapshots', async () => {
    const data = clusteredUnitVectors(3000, D, 31);
    const records = Array.from({ length: 3000 }, (_, i) => ({
      id: `v${i}`,
      vector: data.subarray(i * D, (i + 1) * D),
    }));
    const local = flatIndex({ dimensions: D });
    const remote = workerFlatIndex({ dimensions: D });
    await local.add(records);
    await remote.add(records);
    expect(remote.size()).toBe(3000);
    const query = data.subarray(100 * D, 101 * D);
    expect(await remote.search(query, 10)).toEqual(await local.search(query, 10));

    expect(await remote.remove(['v100', 'v101'])).toBe(2);
    expect(remote.has('v100')).toBe(false);
    expect((await remote.search(query, 1))[0]!.id).not.toBe('v100');

    const snapshot = await remote.save();
    const copy = workerFlatIndex({ dimensions: D });
    await copy.load(snapshot);
    expect(copy.size()).toBe(2998);
    expect(snapshot.byteLength).toBeGreaterThan(0); // the caller's buffer is still usable after load
    expect(await copy.search(query, 10)).toEqual(await remote.search(query, 10));
  });

  it('rejects damaged snapshots and bad vectors with the same typed errors', async () => {
    const index = workerFlatIndex({ dimensions: 8 });
    await index.add([{ id: 'a', vector: [1, 0, 0, 0, 0, 0, 0, 0] }]);
    const damaged = await index.save();
    new Uint8Array(damaged)[damaged.byteLength - 1]! ^= 1;
    const error = await workerFlatIndex({ dimensions: 8 })
      .load(damaged)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IndexCorruptError);
    expect((error as IndexCorruptError).detail).toBe('checksum mismatch');
    await expect(index.add([{ id: 'b', vector: [1, 2] }])).rejects.toBeInstanceOf(RagInputError);
  });
});
