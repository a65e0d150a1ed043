import type { Metadata } from './knowledge-document.js';

/** A chunk found by `knowledgeBase.search`, with where it came from. */
export interface SearchHit {
  chunkId: string;
  documentId: string;
  source: string;
  title: string;
  section?: string;
  text: string;
  metadata: Metadata;
  /** Fused score (RRF), or BM25 in keyword-only mode; only the order is meaningful. */
  score: number;
  /** 1-based rank in the keyword and the vector list, when the chunk was in it. */
  keywordRank?: number;
  vectorRank?: number;
}

/** Reorders (and may shorten) hits for a query: the optional rerank step, e.g. {@link llmReranker}. */
export type Reranker = (
  query: string,
  hits: SearchHit[],
  options: { signal?: AbortSignal },
) => Promise<SearchHit[]>;
