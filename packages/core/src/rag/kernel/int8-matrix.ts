/**
 * Rows of int8-quantized vectors with a per-row scale, scored against an int8 query. Implemented by
 * the WASM SIMD kernel ({@link wasmInt8Matrix}) and by plain JS where WebAssembly SIMD is missing.
 */
export interface Int8Matrix {
  /** Bytes per row: the dimensions rounded up to a multiple of 16 (zero padded). */
  readonly rowBytes: number;
  readonly kind: 'wasm-simd' | 'js';
  /** Makes room for at least `rows` rows, keeping the existing ones. */
  reserve(rows: number): void;
  setRow(row: number, values: Int8Array, scale: number): void;
  copyRow(from: number, to: number): void;
  /** Indexes of the `k` rows (of the first `rows`) with the highest scaled dot product, best first. */
  top(query: Int8Array, rows: number, k: number): Int32Array;
}

/** Quantizes a normalized vector to int8 with a per-vector scale; returns the dequantizing scale. */
export function quantize(vector: Float32Array, out: Int8Array): number {
  let max = 0;
  for (let i = 0; i < vector.length; i++) {
    const a = Math.abs(vector[i]!);
    if (a > max) max = a;
  }
  if (max === 0) {
    out.fill(0);
    return 0;
  }
  const s = 127 / max;
  for (let i = 0; i < vector.length; i++) out[i] = Math.round(vector[i]! * s);
  for (let i = vector.length; i < out.length; i++) out[i] = 0;
  return max / 127;
}

/** The JS fallback: same results as the kernel, several times slower. */
export function jsInt8Matrix(dimensions: number): Int8Matrix {
  const rowBytes = Math.ceil(dimensions / 16) * 16;
  let data = new Int8Array(0);
  let scales = new Float32Array(0);
  return {
    rowBytes,
    kind: 'js',
    reserve(rows) {
      if (scales.length >= rows) return;
      const next = new Int8Array(rows * rowBytes);
      next.set(data);
      data = next;
      const nextScales = new Float32Array(rows);
      nextScales.set(scales);
      scales = nextScales;
    },
    setRow(row, values, scale) {
      data.set(values.subarray(0, rowBytes), row * rowBytes);
      scales[row] = scale;
    },
    copyRow(from, to) {
      data.copyWithin(to * rowBytes, from * rowBytes, (from + 1) * rowBytes);
      scales[to] = scales[from]!;
    },
    top(query, rows, k) {
      const scores = new Float32Array(rows);
      for (let r = 0; r < rows; r++) {
        let sum = 0;
        const base = r * rowBytes;
        for (let j = 0; j < rowBytes; j++) sum += data[base + j]! * query[j]!;
        scores[r] = sum * scales[r]!;
      }
      return topIndexes(scores, k);
    },
  };
}

/** Indexes of the `k` highest scores, best first. */
export function topIndexes(scores: Float32Array, k: number): Int32Array {
  const order = Array.from({ length: scores.length }, (_, i) => i);
  order.sort((a, b) => scores[b]! - scores[a]!);
  return Int32Array.from(order.slice(0, k));
}
