import type { KeywordWorkerOption } from './background-keyword-index.js';
import type { KnowledgeIndex } from './built/knowledge-index-reader.js';
import type { ChunkOptions } from './chunk-text.js';
import type { Embedder } from './embedder.js';
import type { KeywordIndexOptions } from './keyword-index.js';
import type { DocumentFormat, Metadata } from './knowledge-document.js';
import type { KnowledgeEvent, SearchMode } from './knowledge-events.js';
import type { RagStore } from './rag-store.js';
import type { PdfOptions } from './readers/pdf-to-text.js';
import type { DocumentContent } from './readers/read-document.js';
import type { Reranker, SearchHit } from './search-hit.js';
import type { VectorIndex } from './vector-index.js';

/** Options of {@link createKnowledgeBase}. */
export interface KnowledgeBaseOptions {
  /** Embedding model; without one (or when it fails) search is keyword-only, and says so. */
  embedder?: Embedder | null;
  /** Vector index for a given dimension; default {@link flatIndex}. */
  vectorIndex?: (dimensions: number) => VectorIndex;
  /** Where documents and vectors persist; default in memory. Use `indexedDBRagStore()` in browsers. */
  store?: RagStore;
  chunking?: ChunkOptions;
  keyword?: KeywordIndexOptions;
  /**
   * Runs keyword indexing and search in a Web Worker: `true` for the bundled worker file, or a function
   * that creates it. When the worker cannot start (e.g. a Content-Security-Policy without `worker-src`),
   * they run on the page. Default: on the page.
   */
  keywordWorker?: KeywordWorkerOption;
  /** Wait after the last change before the keyword index is saved to the store, in ms; default 1000. */
  keywordSaveDelayMs?: number;
  /**
   * A built index (`openKnowledgeIndex('/knowledge/')`) searched beside the documents added here; its
   * hits are merged with the in-browser keyword hits by BM25 score. Also settable later with `setIndex`.
   */
  index?: KnowledgeIndex;
  /** Opt-in rerank of the fused candidates, e.g. `llmReranker(model)`. */
  rerank?: Reranker;
  /** How long attachments stay cached per conversation; default 24 hours. */
  attachmentTtlMs?: number;
  pdf?: PdfOptions;
  onEvent?: (event: KnowledgeEvent) => void;
  /** Clock, for tests. */
  now?: () => number;
}

/** A document to add. */
export interface DocumentInput {
  /** File name or URL: identifies the document (adding the same source again replaces it). */
  source: string;
  content: DocumentContent;
  /** Default: from `mimeType`, the source's extension, or the content. */
  format?: DocumentFormat;
  mimeType?: string;
  title?: string;
  metadata?: Metadata;
  /** Makes it an attachment of this conversation: only that conversation's searches see it, until its TTL. */
  conversationId?: string;
}

/** Options of {@link KnowledgeBase.search}. */
export interface SearchOptions {
  /** Hits to return; default 5. */
  k?: number;
  /** Also search this conversation's attachments. */
  conversationId?: string;
  /** Candidates taken from each of the keyword and vector lists before fusion; default 30. */
  candidates?: number;
  signal?: AbortSignal;
}

/** What a search found, and how it searched. */
export interface SearchResult {
  mode: SearchMode;
  /** Why the search was keyword-only, in words a user or model can act on. */
  note?: string;
  hits: SearchHit[];
}
