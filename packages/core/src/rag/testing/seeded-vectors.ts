/** A seeded generator (mulberry32) so tests and benches see the same vectors every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` unit vectors, uniform on the sphere (Gaussian components), in one buffer. */
export function randomUnitVectors(count: number, dimensions: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(count * dimensions);
  for (let i = 0; i < out.length; i++) out[i] = gaussian(random);
  normalizeRows(out, dimensions);
  return out;
}

/**
 * Unit vectors shaped like sentence embeddings: a shared offset (embeddings are anisotropic), a few
 * hundred topic centroids, and per-vector noise, so neighbours are close and scores crowd together.
 */
export function clusteredUnitVectors(
  count: number,
  dimensions: number,
  seed: number,
  clusters = 200,
): Float32Array {
  const random = seededRandom(seed);
  const common = Array.from({ length: dimensions }, () => gaussian(random) * 0.6);
  const centroids = Array.from({ length: clusters }, () =>
    Array.from({ length: dimensions }, (_, j) => common[j]! + gaussian(random)),
  );
  const out = new Float32Array(count * dimensions);
  for (let i = 0; i < count; i++) {
    const centroid = centroids[Math.floor(random() * clusters)]!;
    for (let j = 0; j < dimensions; j++) out[i * dimensions + j] = centroid[j]! + gaussian(random) * 0.7;
  }
  normalizeRows(out, dimensions);
  return out;
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function normalizeRows(data: Float32Array, dimensions: number): void {
  for (let row = 0; row < data.length; row += dimensions) {
    let sum = 0;
    for (let j = 0; j < dimensions; j++) sum += data[row + j]! ** 2;
    const norm = Math.sqrt(sum) || 1;
    for (let j = 0; j < dimensions; j++) data[row + j] = data[row + j]! / norm;
  }
}

/** Ids of the `k` rows of `data` with the highest exact dot product with `query`, best first. */
export function exactTopK(data: Float32Array, dimensions: number, query: Float32Array, k: number): number[] {
  const count = data.length / dimensions;
  const scores = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let j = 0; j < dimensions; j++) sum += data[i * dimensions + j]! * query[j]!;
    scores[i] = sum;
  }
  return Array.from(scores.keys())
    .sort((a, b) => scores[b]! - scores[a]!)
    .slice(0, k);
}
