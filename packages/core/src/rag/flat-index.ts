import { decodeFlatSnapshot, encodeFlatSnapshot } from './flat-snapshot.js';
import { float16Table, writeFloat16 } from './kernel/float16.js';
import { type Int8Matrix, jsInt8Matrix, quantize } from './kernel/int8-matrix.js';
import { kernelModule, wasmInt8Matrix } from './kernel/wasm-int8-matrix.js';
import { normalized, normalizeInto, vectorNorm } from './normalize.js';
import { RagInputError } from './rag-errors.js';
import type { VectorHit, VectorIndex, VectorRecord } from './vector-index.js';

/** Options of {@link flatIndex}. */
export interface FlatIndexOptions {
  /** Length of every vector, e.g. 384 for all-MiniLM-L6-v2. */
  dimensions: number;
  /** How many int8 candidates are re-scored with the float16 copy; default max(10·k, 100). */
  candidates?: (k: number) => number;
  /** `js` forces the plain JS scan (for comparison); default `auto` uses WASM SIMD when available. */
  kernel?: 'auto' | 'js';
}

/**
 * The default {@link VectorIndex}: an exact scan of int8-quantized vectors in one contiguous buffer,
 * scored by a WASM SIMD kernel, whose best candidates are re-ranked with a float16 copy. Snapshots
 * hold the float16 copy only (2 bytes per dimension) and are checksummed.
 *
 * @example
 * const index = flatIndex({ dimensions: 384 });
 * await index.add([{ id: 'a', vector: embedding }]);
 * const hits = await index.search(queryEmbedding, 5);
 */
export function flatIndex(options: FlatIndexOptions): VectorIndex & { readonly engine: Int8Matrix['kind'] } {
  const { dimensions } = options;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 65536)
    throw new RagInputError(`flatIndex: dimensions must be an integer from 1 to 65536, got ${dimensions}.`);
  const candidates = options.candidates ?? ((k: number) => Math.max(10 * k, 100));
  const module = options.kernel === 'js' ? null : kernelModule();
  let matrix: Int8Matrix = module ? wasmInt8Matrix(dimensions, module) : jsInt8Matrix(dimensions);
  let ids: string[] = [];
  const slots = new Map<string, number>();
  let halves = new Uint16Array(0);
  const scratch = new Int8Array(matrix.rowBytes);

  function reserve(rows: number): void {
    matrix.reserve(rows);
    if (halves.length >= rows * dimensions) return;
    const next = new Uint16Array(
      Math.max(rows, Math.ceil((halves.length / dimensions) * 1.5), 64) * dimensions,
    );
    next.set(halves);
    halves = next;
  }

  function write(slot: number, unit: Float32Array): void {
    const scale = quantize(unit, scratch);
    matrix.setRow(slot, scratch, scale);
    writeFloat16(unit, halves, slot * dimensions);
  }

  function removeOne(id: string): boolean {
    const slot = slots.get(id);
    if (slot === undefined) return false;
    const last = ids.length - 1;
    // Keep rows contiguous: the last row moves into the hole.
    if (slot !== last) {
      matrix.copyRow(last, slot);
      halves.copyWithin(slot * dimensions, last * dimensions, (last + 1) * dimensions);
      const moved = ids[last]!;
      ids[slot] = moved;
      slots.set(moved, slot);
    }
    ids.pop();
    slots.delete(id);
    return true;
  }

  return {
    kind: 'flat',
    engine: matrix.kind,
    dimensions,
    size: () => ids.length,
    has: (id) => slots.has(id),
    ids: () => ids.slice(),
    async add(records: readonly VectorRecord[]) {
      // Validate everything first (nothing changes on bad input), then normalize through one scratch
      // buffer: no per-vector allocation, which matters when building 100k vectors.
      const norms = new Float64Array(records.length);
      records.forEach((r, i) => {
        if (typeof r?.id !== 'string' || r.id === '')
          throw new RagInputError(`flatIndex.add: record ${i} needs a non-empty string id.`);
        norms[i] = vectorNorm(r.vector, dimensions, `flatIndex.add: vector "${r.id}"`);
      });
      reserve(ids.length + records.length);
      const unit = new Float32Array(dimensions);
      records.forEach((record, i) => {
        let slot = slots.get(record.id);
        if (slot === undefined) {
          slot = ids.length;
          ids.push(record.id);
          slots.set(record.id, slot);
        }
        write(slot, normalizeInto(record.vector, norms[i]!, unit));
      });
    },
    async remove(removeIds) {
      let removed = 0;
      for (const id of removeIds) if (removeOne(id)) removed++;
      return removed;
    },
    async search(query, k) {
      if (!Number.isInteger(k) || k < 1)
        throw new RagInputError(`flatIndex.search: k must be a positive integer, got ${k}.`);
      const unit = normalized(query, dimensions, 'flatIndex.search: the query vector');
      const count = ids.length;
      if (count === 0) return [];
      const q = new Int8Array(matrix.rowBytes);
      quantize(unit, q);
      const rows = matrix.top(q, count, Math.min(count, Math.max(k, candidates(k))));
      const table = float16Table();
      const hits: VectorHit[] = [];
      for (const row of rows) {
        let sum = 0;
        const base = row * dimensions;
        for (let i = 0; i < dimensions; i++) sum += table[halves[base + i]!]! * unit[i]!;
        hits.push({ id: ids[row]!, score: sum });
      }
      hits.sort((a, b) => b.score - a.score);
      return hits.slice(0, k);
    },
    async save() {
      return encodeFlatSnapshot({ dimensions, ids, halves: halves.subarray(0, ids.length * dimensions) });
    },
    async load(snapshot) {
      const decoded = decodeFlatSnapshot(snapshot, dimensions);
      matrix = module ? wasmInt8Matrix(dimensions, module) : jsInt8Matrix(dimensions);
      ids = [];
      slots.clear();
      halves = new Uint16Array(0);
      reserve(decoded.ids.length);
      halves.set(decoded.halves);
      const table = float16Table();
      const unit = new Float32Array(dimensions);
      decoded.ids.forEach((id, slot) => {
        if (slots.has(id)) return; // duplicate ids cannot come from save(); keep the first
        for (let i = 0; i < dimensions; i++) unit[i] = table[decoded.halves[slot * dimensions + i]!]!;
        matrix.setRow(ids.length, scratch, quantize(unit, scratch));
        halves.copyWithin(ids.length * dimensions, slot * dimensions, (slot + 1) * dimensions);
        slots.set(id, ids.length);
        ids.push(id);
      });
    },
    async clear() {
      matrix = module ? wasmInt8Matrix(dimensions, module) : jsInt8Matrix(dimensions);
      ids = [];
      slots.clear();
      halves = new Uint16Array(0);
    },
  };
}
