import { DOT_KERNEL_WASM_BASE64 } from './dot-kernel.wasm.js';
import type { Int8Matrix } from './int8-matrix.js';

/** The kernel module's exports (its functions take and return pointers into `memory`). */
interface KernelExports extends WebAssembly.Exports {
  scoreInt8(vectors: number, scales: number, count: number, dims: number, query: number, out: number): void;
  topK(scores: number, count: number, k: number, heapScores: number, outIndexes: number): number;
}

let compiled: WebAssembly.Module | null | undefined;

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The compiled kernel, or null when this runtime has no WebAssembly SIMD (compiled once, synchronously: 1 KB). */
export function kernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = decodeBase64(DOT_KERNEL_WASM_BASE64);
    compiled =
      typeof WebAssembly !== 'undefined' && WebAssembly.validate(bytes)
        ? new WebAssembly.Module(bytes)
        : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

const PAGE = 65536;
const align16 = (n: number) => Math.ceil(n / 16) * 16;

/**
 * Int8 rows in the kernel's own linear memory: [query | heap scores | heap indexes | scores | scales | rows].
 * Growing re-lays the regions out, so callers must not keep views across `reserve`.
 */
export function wasmInt8Matrix(dimensions: number, module: WebAssembly.Module): Int8Matrix {
  const rowBytes = align16(dimensions);
  const memory = new WebAssembly.Memory({ initial: 1 });
  const kernel = new WebAssembly.Instance(module, { env: { memory } }).exports as KernelExports;
  let capacity = 0;
  let kCapacity = 256;
  let layout = computeLayout(0, kCapacity);
  // Views over the current memory buffer; memory.grow detaches them, so relayout() renews them.
  let rowsView = new Int8Array(0);
  let scalesView = new Float32Array(0);

  function computeLayout(rows: number, kCap: number) {
    const query = 0;
    const heapScores = align16(rowBytes);
    const heapIndexes = heapScores + kCap * 4;
    const scores = align16(heapIndexes + kCap * 4);
    const scales = align16(scores + rows * 4);
    const vectors = align16(scales + rows * 4);
    return { query, heapScores, heapIndexes, scores, scales, vectors, end: vectors + rows * rowBytes };
  }

  function relayout(rows: number, kCap: number): void {
    const next = computeLayout(rows, kCap);
    const keep = Math.min(capacity, rows);
    const old = new Uint8Array(memory.buffer);
    const savedScales = old.slice(layout.scales, layout.scales + keep * 4);
    const savedRows = old.slice(layout.vectors, layout.vectors + keep * rowBytes);
    const needed = Math.ceil(next.end / PAGE) - memory.buffer.byteLength / PAGE;
    if (needed > 0) memory.grow(needed);
    const bytes = new Uint8Array(memory.buffer);
    bytes.set(savedScales, next.scales);
    bytes.set(savedRows, next.vectors);
    layout = next;
    capacity = rows;
    kCapacity = kCap;
    rowsView = new Int8Array(memory.buffer, layout.vectors, rows * rowBytes);
    scalesView = new Float32Array(memory.buffer, layout.scales, rows);
  }

  relayout(0, kCapacity);
  return {
    rowBytes,
    kind: 'wasm-simd',
    reserve(rows) {
      if (rows > capacity) relayout(Math.max(rows, Math.ceil(capacity * 1.5), 64), kCapacity);
    },
    setRow(row, values, scale) {
      rowsView.set(values.length === rowBytes ? values : values.subarray(0, rowBytes), row * rowBytes);
      scalesView[row] = scale;
    },
    copyRow(from, to) {
      rowsView.copyWithin(to * rowBytes, from * rowBytes, (from + 1) * rowBytes);
      scalesView[to] = scalesView[from]!;
    },
    top(query, rows, k) {
      const want = Math.min(k, rows);
      if (want > kCapacity) relayout(capacity, Math.max(want, kCapacity * 2));
      new Int8Array(memory.buffer, layout.query, rowBytes).set(query.subarray(0, rowBytes));
      kernel.scoreInt8(layout.vectors, layout.scales, rows, rowBytes, layout.query, layout.scores);
      const n = kernel.topK(layout.scores, rows, want, layout.heapScores, layout.heapIndexes);
      return new Int32Array(memory.buffer, layout.heapIndexes, n).slice();
    },
  };
}
