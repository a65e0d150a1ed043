import type { Embedder } from './embedder.js';
import type { Chunk } from './knowledge-document.js';
import type { KnowledgeEvent, SearchMode } from './knowledge-events.js';
import { IndexCorruptError } from './rag-errors.js';
import type { RagStore } from './rag-store.js';
import type { VectorIndex } from './vector-index.js';

const VECTORS_KEY = 'default';
const BATCH = 32;

/** Options of {@link semanticIndex}. */

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
export function semanticIndex(options: SemanticIndexOptions): SemanticIndex {
  return new SemanticIndex(options);
}

/** The vector index of a knowledge base; create with {@link semanticIndex}. */
export class SemanticIndex {
  readonly #options: SemanticIndexOptions;
  #index: VectorIndex | undefined;
  #mode: SearchMode;
  #reason: string | undefined;
  #saving: Promise<void> = Promise.resolve();
  #queued: Promise<void> | undefined;

  constructor(options: SemanticIndexOptions) {
    this.#options = options;
    this.#mode = options.embedder ? 'hybrid' : 'keyword';
    this.#reason = options.embedder ? undefined : 'no embedding model is configured';
  }

  get mode(): SearchMode {
    return this.#mode;
  }

  get reason(): string | undefined {
    return this.#reason;
  }

  /** Restores the stored index for `chunks`, or rebuilds it when unusable. */
  async open(chunks: readonly Chunk[]): Promise<void> {
    const { embedder, emit } = this.#options;
    emit(
      this.#mode === 'hybrid'
        ? { type: 'knowledge.mode', mode: this.#mode }
        : { type: 'knowledge.mode', mode: this.#mode, reason: this.#reason! },
    );
    if (!embedder) return;
    const problem = await this.#restore(embedder, chunks);
    if (!problem) return;
    this.#index = undefined;
    await this.#embedInto(chunks);
    if (this.#mode === 'hybrid') {
      await this.#persist();
      emit({ type: 'knowledge.index.rebuilt', reason: problem, vectors: this.#size() });
    }
  }

  async add(chunks: readonly Chunk[], signal?: AbortSignal): Promise<void> {
    await this.#embedInto(chunks, signal);
    await this.#persist();
  }

  async remove(chunkIds: readonly string[]): Promise<void> {
    if (!this.#index || chunkIds.length === 0) return;
    await this.#index.remove(chunkIds);
    await this.#persist();
  }

  /** Chunk ids nearest to the query, or undefined in keyword-only mode. */
  async search(query: string, n: number, signal?: AbortSignal): Promise<string[] | undefined> {
    const { embedder } = this.#options;
    if (!embedder || this.#mode === 'keyword') return undefined;
    if (!this.#index) return [];
    try {
      const [vector] = await embedder.embed([query], signal ? { kind: 'query', signal } : { kind: 'query' });
      // Nearest is not the same as related: a hit with no positive similarity is noise for fusion.
      return (await this.#index.search(vector!, n)).filter((hit) => hit.score > 0).map((hit) => hit.id);
    } catch (error) {
      if (signal?.aborted) throw error;
      this.#fallBack(error);
      return undefined;
    }
  }

  async clear(): Promise<void> {
    this.#index = undefined;
    await this.#options.store.deleteVectors(VECTORS_KEY);
  }

  /** Waits for pending snapshot writes. */
  flush(): Promise<void> {
    return this.#saving;
  }

  /** Loads the stored snapshot and repairs it; says why it must be rebuilt instead, if so. */
  async #restore(embedder: Embedder, chunks: readonly Chunk[]): Promise<string | undefined> {
    const stored = await this.#options.store.getVectors(VECTORS_KEY).catch(() => undefined);
    if (!stored) return chunks.length > 0 ? 'no stored index' : undefined;
    if (stored.model !== embedder.model) return `it was built with ${stored.model}`;
    const candidate = this.#options.createIndex(stored.dimensions);
    try {
      await candidate.load(stored.snapshot);
      // A snapshot saved just before or after a document change is repaired, not rebuilt.
      const wanted = new Set(chunks.map((c) => c.id));
      await candidate.remove(candidate.ids().filter((id) => !wanted.has(id)));
      this.#index = candidate;
      const missing = chunks.filter((c) => !candidate.has(c.id));
      if (missing.length > 0) {
        await this.#embedInto(missing);
        await this.#persist();
      }
      return undefined;
    } catch (error) {
      return error instanceof IndexCorruptError ? error.message : `it could not be loaded (${String(error)})`;
    }
  }

  // A method, not `this.#index?.size()` inline: TypeScript does not see #embedInto() assigning it.
  #size(): number {
    return this.#index?.size() ?? 0;
  }

  #fallBack(error: unknown): void {
    this.#mode = 'keyword';
    this.#reason = `the embedding model failed: ${error instanceof Error ? error.message : String(error)}`;
    this.#options.emit({ type: 'knowledge.mode', mode: 'keyword', reason: this.#reason });
  }

  async #embedInto(chunks: readonly Chunk[], signal?: AbortSignal): Promise<void> {
    const { embedder, createIndex } = this.#options;
    if (!embedder || this.#mode === 'keyword') return;
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
        this.#fallBack(error);
        return;
      }
      this.#index ??= createIndex(vectors[0]!.length);
      await this.#index.add(batch.map((chunk, j) => ({ id: chunk.id, vector: vectors[j]! })));
    }
  }

  // Saves are serialized, and calls made while one runs share a single follow-up save that snapshots
  // the latest state: adding 100 documents in a row writes a handful of snapshots, not 100.
  #persist(): Promise<void> {
    const { embedder, store } = this.#options;
    if (!embedder) return this.#saving;
    this.#queued ??= this.#saving
      .then(async () => {
        this.#queued = undefined;
        const current = this.#index;
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
    this.#saving = this.#queued;
    return this.#queued;
  }
}
