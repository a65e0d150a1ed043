import { RagInputError } from './rag-errors.js';

/** Checks length and finiteness and returns the vector's Euclidean norm. */
export function vectorNorm(vector: ArrayLike<number>, dimensions: number, what: string): number {
  if (!vector || vector.length !== dimensions)
    throw new RagInputError(
      `${what} has ${vector?.length ?? 0} dimensions but the index has ${dimensions}: embed it with the same model.`,
    );
  let sum = 0;
  for (let i = 0; i < dimensions; i++) {
    const v = vector[i]!;
    if (!Number.isFinite(v))
      throw new RagInputError(`${what} contains ${v} at position ${i}; vectors must be finite.`);
    sum += v * v;
  }
  return Math.sqrt(sum);
}

/** Writes `vector` scaled to unit length into `out` (a zero vector stays zero). */
export function normalizeInto(vector: ArrayLike<number>, norm: number, out: Float32Array): Float32Array {
  const scale = norm > 0 ? 1 / norm : 0;
  for (let i = 0; i < out.length; i++) out[i] = vector[i]! * scale;
  return out;
}

/** Copies `vector` into a unit-length Float32Array; rejects wrong lengths and non-finite values. */
export function normalized(vector: ArrayLike<number>, dimensions: number, what: string): Float32Array {
  return normalizeInto(vector, vectorNorm(vector, dimensions, what), new Float32Array(dimensions));
}
