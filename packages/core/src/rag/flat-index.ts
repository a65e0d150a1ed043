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
  return new FlatIndex(
    dimensions,
    options.candidates ?? ((k: number) => Math.max(10 * k, 100)),
    options.kernel === 'js' ? null : kernelModule(),
  );
}

class FlatIndex implements VectorIndex {
  readonly kind = 'flat';
  readonly engine: Int8Matrix['kind'];
  readonly #module: WebAssembly.Module | null;
  readonly #candidates: (k: number) => number;
  #matrix: Int8Matrix;
  #ids: string[] = [];
  readonly #slots = new Map<string, number>();
  #halves = new Uint16Array(0);
  readonly #scratch: Int8Array;

  readonly dimensions: number;

  constructor(dimensions: number, candidates: (k: number) => number, module: WebAssembly.Module | null) {
    this.dimensions = dimensions;
    this.#candidates = candidates;
    this.#module = module;
    this.#matrix = this.#newMatrix();
    this.engine = this.#matrix.kind;
    this.#scratch = new Int8Array(this.#matrix.rowBytes);
  }

  size(): number {
    return this.#ids.length;
  }

  has(id: string): boolean {
    return this.#slots.has(id);
  }

  ids(): string[] {
    return this.#ids.slice();
  }

  async add(records: readonly VectorRecord[]): Promise<void> {
    const { dimensions } = this;
    // Validate everything first (nothing changes on bad input), then normalize through one scratch
    // buffer: no per-vector allocation, which matters when building 100k vectors.
    const norms = new Float64Array(records.length);
    records.forEach((r, i) => {
      if (typeof r?.id !== 'string' || r.id === '')
        throw new RagInputError(`flatIndex.add: record ${i} needs a non-empty string id.`);
      norms[i] = vectorNorm(r.vector, dimensions, `flatIndex.add: vector "${r.id}"`);
    });
    this.#reserve(this.#ids.length + records.length);
    const unit = new Float32Array(dimensions);
    records.forEach((record, i) => {
      let slot = this.#slots.get(record.id);
      if (slot === undefined) {
        slot = this.#ids.length;
        this.#ids.push(record.id);
        this.#slots.set(record.id, slot);
      }
      this.#write(slot, normalizeInto(record.vector, norms[i]!, unit));
    });
  }

  async remove(removeIds: readonly string[]): Promise<number> {
    let removed = 0;
    for (const id of removeIds) if (this.#removeOne(id)) removed++;
    return removed;
  }

  async search(query: ArrayLike<number>, k: number): Promise<VectorHit[]> {
    if (!Number.isInteger(k) || k < 1)
      throw new RagInputError(`flatIndex.search: k must be a positive integer, got ${k}.`);
    const { dimensions } = this;
    const unit = normalized(query, dimensions, 'flatIndex.search: the query vector');
    const count = this.#ids.length;
    if (count === 0) return [];
    const q = new Int8Array(this.#matrix.rowBytes);
    quantize(unit, q);
    const rows = this.#matrix.top(q, count, Math.min(count, Math.max(k, this.#candidates(k))));
    const table = float16Table();
    const halves = this.#halves;
    const hits: VectorHit[] = [];
    for (const row of rows) {
      let sum = 0;
      const base = row * dimensions;
      for (let i = 0; i < dimensions; i++) sum += table[halves[base + i]!]! * unit[i]!;
      hits.push({ id: this.#ids[row]!, score: sum });
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, k);
  }

  async save(): Promise<ArrayBuffer> {
    const { dimensions } = this;
    return encodeFlatSnapshot({
      dimensions,
      ids: this.#ids,
      halves: this.#halves.subarray(0, this.#ids.length * dimensions),
    });
  }

  async load(snapshot: ArrayBuffer): Promise<void> {
    const { dimensions } = this;
    const decoded = decodeFlatSnapshot(snapshot, dimensions);
    this.#reset();
    this.#reserve(decoded.ids.length);
    const halves = this.#halves;
    const ids = this.#ids;
    halves.set(decoded.halves);
    const table = float16Table();
    const unit = new Float32Array(dimensions);
    decoded.ids.forEach((id, slot) => {
      if (this.#slots.has(id)) return; // duplicate ids cannot come from save(); keep the first
      for (let i = 0; i < dimensions; i++) unit[i] = table[decoded.halves[slot * dimensions + i]!]!;
      this.#matrix.setRow(ids.length, this.#scratch, quantize(unit, this.#scratch));
      halves.copyWithin(ids.length * dimensions, slot * dimensions, (slot + 1) * dimensions);
      this.#slots.set(id, ids.length);
      ids.push(id);
    });
  }

  async clear(): Promise<void> {
    this.#reset();
  }

  #reset(): void {
    this.#matrix = this.#newMatrix();
    this.#ids = [];
    this.#slots.clear();
    this.#halves = new Uint16Array(0);
  }

  #newMatrix(): Int8Matrix {
    return this.#module ? wasmInt8Matrix(this.dimensions, this.#module) : jsInt8Matrix(this.dimensions);
  }

  #reserve(rows: number): void {
    const { dimensions } = this;
    this.#matrix.reserve(rows);
    if (this.#halves.length >= rows * dimensions) return;
    const next = new Uint16Array(
      Math.max(rows, Math.ceil((this.#halves.length / dimensions) * 1.5), 64) * dimensions,
    );
    next.set(this.#halves);
    this.#halves = next;
  }

  #write(slot: number, unit: Float32Array): void {
    const scale = quantize(unit, this.#scratch);
    this.#matrix.setRow(slot, this.#scratch, scale);
    writeFloat16(unit, this.#halves, slot * this.dimensions);
  }

  #removeOne(id: string): boolean {
    const { dimensions } = this;
    const slot = this.#slots.get(id);
    if (slot === undefined) return false;
    const ids = this.#ids;
    const last = ids.length - 1;
    // Keep rows contiguous: the last row moves into the hole.
    if (slot !== last) {
      this.#matrix.copyRow(last, slot);
      this.#halves.copyWithin(slot * dimensions, last * dimensions, (last + 1) * dimensions);
      const moved = ids[last]!;
      ids[slot] = moved;
      this.#slots.set(moved, slot);
    }
    ids.pop();
    this.#slots.delete(id);
    return true;
  }
}
