import { RagInputError } from './rag-errors.js';

/** Copies `vector` into a unit-length Float32Array; rejects wrong lengths and non-finite values. */
export function normalized(vector: ArrayLike<number>, dimensions: number, what: string): Float32Array {
  if (!vector || vector.length !== dimensions)
    throw new RagInputError(
      `${what} has ${vector?.length ?? 0} dimensions but the index has ${dimensions}: embed it with the same model.`,
    );
  const out = new Float32Array(dimensions);
  let sum = 0;
  for (let i = 0; i < dimensions; i++) {
    const v = vector[i]!;
    if (!Number.isFinite(v))
      throw new RagInputError(`${what} contains ${v} at position ${i}; vectors must be finite.`);
    out[i] = v;
    sum += v * v;
  }
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < dimensions; i++) out[i] = out[i]! / norm;
  return out;
}
