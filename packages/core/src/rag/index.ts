// The RAG part of @agent-chat/core's public API (re-exported by src/index.ts).

export {
  type BuildKnowledgeIndexOptions,
  type BuiltKnowledgeIndex,
  buildKnowledgeIndex,
} from './built/build-knowledge-index.js';
export { indexedDBKnowledgeCache } from './built/indexeddb-knowledge-cache.js';
export {
  KnowledgeBuildError,
  KnowledgeFileError,
  KnowledgeIndexVersionError,
} from './built/knowledge-index-errors.js';
export type { KnowledgeFileCache } from './built/knowledge-index-files.js';
export {
  KNOWLEDGE_INDEX_FORMAT,
  KNOWLEDGE_INDEX_VERSION,
  type KnowledgeIndexRoot,
} from './built/knowledge-index-format.js';
export {
  type KnowledgeIndex,
  type KnowledgeIndexRanking,
  knowledgeIndexRootUrl,
  type OpenKnowledgeIndexOptions,
  openKnowledgeIndex,
} from './built/knowledge-index-reader.js';
export { type ChunkOptions, chunkText } from './chunk-text.js';
export type { Embedder, EmbedderProgress } from './embedder.js';
export { type FlatIndexOptions, flatIndex } from './flat-index.js';
export { type HashingEmbedderOptions, hashingEmbedder } from './hashing-embedder.js';
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
export {
  createKnowledgeBase,
  type DocumentInput,
  type KnowledgeBase,
  type KnowledgeBaseOptions,
  type SearchOptions,
  type SearchResult,
} from './knowledge-base.js';
export type { Chunk, DocumentFormat, KnowledgeDocument, Metadata } from './knowledge-document.js';
export type { KnowledgeEvent, SearchMode } from './knowledge-events.js';
export { type LlmRerankerOptions, llmReranker } from './llm-reranker.js';
export { EmbeddingError, IndexCorruptError, IngestError, RagInputError } from './rag-errors.js';
export {
  type KeywordRoot,
  memoryRagStore,
  type RagStore,
  type StoredKeywordShard,
  type StoredKeywords,
  type StoredVectors,
} from './rag-store.js';
export { ATTACHMENT_PAGE_CHARS, type KnowledgeToolsOptions, knowledgeTools } from './rag-tools.js';
export type { PdfJs, PdfOptions } from './readers/pdf-to-text.js';
export { type DocumentContent, detectFormat } from './readers/read-document.js';
export { type FusedHit, reciprocalRankFusion } from './reciprocal-rank-fusion.js';
export type { Reranker, SearchHit } from './search-hit.js';
export { type TransformersEmbedderOptions, transformersEmbedder } from './transformers-embedder.js';
export type { VectorHit, VectorIndex, VectorRecord } from './vector-index.js';
export { type VoyIndexOptions, voyIndex } from './voy-index.js';
export { type WorkerFlatIndexOptions, workerFlatIndex } from './worker-flat-index.js';
