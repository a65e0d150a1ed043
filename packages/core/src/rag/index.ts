// The RAG part of @agent-chat/core's public API (re-exported by src/index.ts).
export { type FlatIndexOptions, flatIndex } from './flat-index.js';
export {
  type IndexedDBRagStoreOptions,
  indexedDBRagStore,
  RAG_DATABASE_NAME,
} from './indexeddb-rag-store.js';
export { type KeywordAnalyzerOptions, keywordAnalyzer } from './keyword-analyzer.js';
export {
  type KeywordEntry,
  type KeywordHit,
  type KeywordIndex,
  type KeywordIndexOptions,
  keywordIndex,
} from './keyword-index.js';
export type { Chunk, DocumentFormat, KnowledgeDocument, Metadata } from './knowledge-document.js';
export { EmbeddingError, IndexCorruptError, IngestError, RagInputError } from './rag-errors.js';
export { memoryRagStore, type RagStore, type StoredVectors } from './rag-store.js';
export type { VectorHit, VectorIndex, VectorRecord } from './vector-index.js';
export { type VoyIndexOptions, voyIndex } from './voy-index.js';
