// WASM SIMD kernel of flatIndex (packages/core/src/rag/flat-index.ts), compiled by AssemblyScript:
// `node packages/core/scripts/build-rag-kernel.ts` writes src/rag/kernel/dot-kernel.wasm.ts.
// Memory is laid out by the JS side; every function takes byte offsets into this module's memory.

/**
 * Scores `count` int8 vectors of `dims` bytes (a multiple of 16) stored back to back at `vectors`
 * against the int8 query at `query`: out[i] = dot(vector i, query) * scales[i], as f32.
 */
export function scoreInt8(
  vectors: usize,
  scales: usize,
  count: i32,
  dims: i32,
  query: usize,
  out: usize,
): void {
  let row = vectors;
  for (let i = 0; i < count; i++) {
    let acc0 = i32x4.splat(0);
    let acc1 = i32x4.splat(0);
    let j = 0;
    // Two 16-byte blocks per step: sign-extend to i16, multiply-add pairs into i32 lanes.
    for (; j + 32 <= dims; j += 32) {
      const a0 = v128.load(row + <usize>j);
      const b0 = v128.load(query + <usize>j);
      const a1 = v128.load(row + <usize>j, 16);
      const b1 = v128.load(query + <usize>j, 16);
      acc0 = i32x4.add(acc0, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(a0), i16x8.extend_low_i8x16_s(b0)));
      acc1 = i32x4.add(acc1, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(a0), i16x8.extend_high_i8x16_s(b0)));
      acc0 = i32x4.add(acc0, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(a1), i16x8.extend_low_i8x16_s(b1)));
      acc1 = i32x4.add(acc1, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(a1), i16x8.extend_high_i8x16_s(b1)));
    }
    for (; j < dims; j += 16) {
      const a = v128.load(row + <usize>j);
      const b = v128.load(query + <usize>j);
      acc0 = i32x4.add(acc0, i32x4.dot_i16x8_s(i16x8.extend_low_i8x16_s(a), i16x8.extend_low_i8x16_s(b)));
      acc1 = i32x4.add(acc1, i32x4.dot_i16x8_s(i16x8.extend_high_i8x16_s(a), i16x8.extend_high_i8x16_s(b)));
    }
    const acc = i32x4.add(acc0, acc1);
    const sum =
      i32x4.extract_lane(acc, 0) +
      i32x4.extract_lane(acc, 1) +
      i32x4.extract_lane(acc, 2) +
      i32x4.extract_lane(acc, 3);
    const at = (<usize>i) << 2;
    store<f32>(out + at, <f32>sum * load<f32>(scales + at));
    row += <usize>dims;
  }
}

/**
 * Writes the indexes of the `k` highest of `count` f32 scores at `scores` to `outIndexes` (i32),
 * best first, and returns how many were written. A min-heap of size k keeps this O(n log k).
 */
export function topK(scores: usize, count: i32, k: i32, heapScores: usize, outIndexes: usize): i32 {
  let size = 0;
  for (let i = 0; i < count; i++) {
    const s = load<f32>(scores + ((<usize>i) << 2));
    if (size < k) {
      // Sift up.
      let pos = size++;
      while (pos > 0) {
        const parent = (pos - 1) >> 1;
        const ps = load<f32>(heapScores + ((<usize>parent) << 2));
        if (ps <= s) break;
        store<f32>(heapScores + ((<usize>pos) << 2), ps);
        store<i32>(outIndexes + ((<usize>pos) << 2), load<i32>(outIndexes + ((<usize>parent) << 2)));
        pos = parent;
      }
      store<f32>(heapScores + ((<usize>pos) << 2), s);
      store<i32>(outIndexes + ((<usize>pos) << 2), i);
    } else if (s > load<f32>(heapScores)) {
      siftDown(heapScores, outIndexes, size, s, i);
    }
  }
  // Heap sort in place: repeatedly move the minimum to the end, leaving the best first.
  for (let end = size - 1; end > 0; end--) {
    const s = load<f32>(heapScores + ((<usize>end) << 2));
    const idx = load<i32>(outIndexes + ((<usize>end) << 2));
    store<f32>(heapScores + ((<usize>end) << 2), load<f32>(heapScores));
    store<i32>(outIndexes + ((<usize>end) << 2), load<i32>(outIndexes));
    siftDown(heapScores, outIndexes, end, s, idx);
  }
  return size;
}

function siftDown(heapScores: usize, heapIndexes: usize, size: i32, s: f32, idx: i32): void {
  let pos = 0;
  while (true) {
    let child = pos * 2 + 1;
    if (child >= size) break;
    let cs = load<f32>(heapScores + ((<usize>child) << 2));
    if (child + 1 < size) {
      const rs = load<f32>(heapScores + ((<usize>(child + 1)) << 2));
      if (rs < cs) {
        child++;
        cs = rs;
      }
    }
    if (cs >= s) break;
    store<f32>(heapScores + ((<usize>pos) << 2), cs);
    store<i32>(heapIndexes + ((<usize>pos) << 2), load<i32>(heapIndexes + ((<usize>child) << 2)));
    pos = child;
  }
  store<f32>(heapScores + ((<usize>pos) << 2), s);
  store<i32>(heapIndexes + ((<usize>pos) << 2), idx);
}
