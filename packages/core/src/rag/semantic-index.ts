import type { Embedder } from './embedder.js';
import type { Chunk } from './knowledge-document.js';
import type { KnowledgeEvent, SearchMode } from './knowledge-events.js';
import { IndexCorruptError } from './rag-errors.js';
import type { RagStore } from './rag-store.js';
import type { VectorIndex } from './vector-index.js';

const VECTORS_KEY = 'default';
const BATCH = 32;

/** Options of {@link semanticIndex}. */
export interface SemanticIndexOptions {
  embedder: Embedder | null | undefined;
  createIndex: (dimensions: number) => VectorIndex;
  store: RagStore;
  emit: (event: KnowledgeEvent) => void;
}

/**
 * The vector half of a knowledge base: embeds chunks, keeps the VectorIndex and its snapshot in the
 * store, and falls back to keyword-only (saying why) when there is no embedder or it fails.
 */
export function semanticIndex({ embedder, createIndex, store, emit }: SemanticIndexOptions) {
  let index: VectorIndex | undefined;
  let mode: SearchMode = embedder ? 'hybrid' : 'keyword';
  let reason: string | undefined = embedder ? undefined : 'no embedding model is configured';
  let saving: Promise<void> = Promise.resolve();

  // A function, not `index?.size()` inline: TypeScript does not see embedInto() assigning `index`.
  const size = () => index?.size() ?? 0;

  function fallBack(why: string): void {
    mode = 'keyword';
    reason = why;
    emit({ type: 'knowledge.mode', mode, reason });
  }

  async function embedInto(chunks: readonly Chunk[], signal?: AbortSignal): Promise<void> {
    if (!embedder || mode === 'keyword') return;
    for (let i = 0; i < chunks.length; i += BATCH) {
      const batch = chunks.slice(i, i + BATCH);
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embed(
          batch.map((c) => (c.section ? `${c.section}\n${c.text}` : c.text)),
          signal ? { kind: 'document', signal } : { kind: 'document' },
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        fallBack(`the embedding model failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      index ??= createIndex(vectors[0]!.length);
      await index.add(batch.map((chunk, j) => ({ id: chunk.id, vector: vectors[j]! })));
    }
  }

  // Saves are serialized, and calls made while one runs share a single follow-up save that snapshots
  // the latest state: adding 100 documents in a row writes a handful of snapshots, not 100.
  let queued: Promise<void> | undefined;
  function persist(): Promise<void> {
    if (!embedder) return saving;
    queued ??= saving
      .then(async () => {
        queued = undefined;
        const current = index;
        if (!current) return;
        await store.putVectors({
          name: VECTORS_KEY,
          model: embedder.model,
          dimensions: current.dimensions,
          snapshot: await current.save(),
          savedAt: Date.now(),
        });
      })
      .catch(() => {
        // A failed save only costs a rebuild on the next load; searching goes on.
      });
    saving = queued;
    return queued;
  }

  return {
    get mode() {
      return mode;
    },
    get reason() {
      return reason;
    },
    /** Restores the stored index for `chunks`, or rebuilds it when unusable. */
    async open(chunks: readonly Chunk[]): Promise<void> {
      emit(
        mode === 'hybrid'
          ? { type: 'knowledge.mode', mode }
          : { type: 'knowledge.mode', mode, reason: reason! },
      );
      if (!embedder) return;
      const stored = await store.getVectors(VECTORS_KEY).catch(() => undefined);
      let problem: string | undefined = stored
        ? undefined
        : chunks.length > 0
          ? 'no stored index'
          : undefined;
      if (stored && stored.model !== embedder.model) problem = `it was built with ${stored.model}`;
      else if (stored) {
        const candidate = createIndex(stored.dimensions);
        try {
          await candidate.load(stored.snapshot);
          // A snapshot saved just before or after a document change is repaired, not rebuilt.
          const wanted = new Set(chunks.map((c) => c.id));
          await candidate.remove(candidate.ids().filter((id) => !wanted.has(id)));
          index = candidate;
          const missing = chunks.filter((c) => !candidate.has(c.id));
          if (missing.length > 0) {
            await embedInto(missing);
            await persist();
          }
        } catch (error) {
          problem =
            error instanceof IndexCorruptError ? error.message : `it could not be loaded (${String(error)})`;
        }
      }
      if (!problem) return;
      index = undefined;
      await embedInto(chunks);
      if (mode === 'hybrid') {
        await persist();
        emit({ type: 'knowledge.index.rebuilt', reason: problem, vectors: size() });
      }
    },
    async add(chunks: readonly Chunk[], signal?: AbortSignal): Promise<void> {
      await embedInto(chunks, signal);
      await persist();
    },
    async remove(chunkIds: readonly string[]): Promise<void> {
      if (!index || chunkIds.length === 0) return;
      await index.remove(chunkIds);
      await persist();
    },
    /** Chunk ids nearest to the query, or undefined in keyword-only mode. */
    async search(query: string, n: number, signal?: AbortSignal): Promise<string[] | undefined> {
      if (!embedder || mode === 'keyword') return undefined;
      if (!index) return [];
      try {
        const [vector] = await embedder.embed(
          [query],
          signal ? { kind: 'query', signal } : { kind: 'query' },
        );
        // Nearest is not the same as related: a hit with no positive similarity is noise for fusion.
        return (await index.search(vector!, n)).filter((hit) => hit.score > 0).map((hit) => hit.id);
      } catch (error) {
        if (signal?.aborted) throw error;
        fallBack(`the embedding model failed: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    },
    async clear(): Promise<void> {
      index = undefined;
      await store.deleteVectors(VECTORS_KEY);
    },
    /** Waits for pending snapshot writes. */
    flush: () => saving,
  };
}
