import type { AgentEventBody } from '../events.js';

/** Progress of loading an embedding model: the `model.loading` event body. */
export type EmbedderProgress = Extract<AgentEventBody, { type: 'model.loading' }>;

/**
 * The Embedder port: texts → unit-length vectors of one model. Adapters: `transformersEmbedder`
 * (transformers.js in a Web Worker). A knowledge base without an embedder searches by keywords only.
 */
export interface Embedder {
  /** Model id; vectors of different models are never mixed in one index. */
  readonly model: string;
  /**
   * Embeds `texts`; `kind` lets models with query/passage prefixes (e5, bge) add them. Rejects with
   * `EmbeddingError` when the model cannot load or run.
   */
  embed(
    texts: readonly string[],
    options?: { kind?: 'query' | 'document'; signal?: AbortSignal },
  ): Promise<Float32Array[]>;
  /** Progress while the model loads; returns an unsubscribe function. */
  onProgress?(listener: (progress: EmbedderProgress) => void): () => void;
  /** Frees the model and its worker. */
  dispose?(): Promise<void>;
}
