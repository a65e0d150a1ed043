/**
 * Pruning of retrieval results by score (the second strategy of fit-context.ts): a tool output that is a JSON
 * list of chunks with numeric `score` (directly, or under `results` / `chunks` / `matches`) keeps only
 * its `keep` best chunks, with a note saying how many were dropped. Other outputs return undefined.
 */
export function pruneScoredChunks(content: string, keep: number): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  const found = findChunks(value);
  if (!found || found.chunks.length <= keep) return undefined;
  const kept = [...found.chunks].sort((a, b) => b.score - a.score).slice(0, Math.max(1, keep));
  const note = `(pruned to the ${kept.length} best of ${found.chunks.length} chunks by score)`;
  return `${note} ${JSON.stringify(found.rebuild(kept))}`;
}

type Chunk = { score: number } & Record<string, unknown>;

function isChunkList(value: unknown): value is Chunk[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (c) => typeof c === 'object' && c !== null && typeof (c as { score?: unknown }).score === 'number',
    )
  );
}

function findChunks(value: unknown): { chunks: Chunk[]; rebuild: (kept: Chunk[]) => unknown } | undefined {
  if (isChunkList(value)) return { chunks: value, rebuild: (kept) => kept };
  if (typeof value !== 'object' || value === null) return undefined;
  for (const key of ['results', 'chunks', 'matches']) {
    const list = (value as Record<string, unknown>)[key];
    if (isChunkList(list)) return { chunks: list, rebuild: (kept) => ({ ...value, [key]: kept }) };
  }
  return undefined;
}
