// The RAG part of @agent-chat/core's public API (re-exported by src/index.ts).
export { type FlatIndexOptions, flatIndex } from './flat-index.js';
export { EmbeddingError, IndexCorruptError, IngestError, RagInputError } from './rag-errors.js';
export type { VectorHit, VectorIndex, VectorRecord } from './vector-index.js';
export { type VoyIndexOptions, voyIndex } from './voy-index.js';
