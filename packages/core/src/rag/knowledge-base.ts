import type { KnowledgeIndex } from './built/knowledge-index-reader.js';
import { addDocument } from './knowledge-add.js';
import type {
  DocumentInput,
  KnowledgeBaseOptions,
  SearchOptions,
  SearchResult,
} from './knowledge-base-types.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import type { SearchMode } from './knowledge-events.js';
import { searchKnowledge } from './knowledge-search.js';
import { knowledgeState } from './knowledge-state.js';

export type {
  DocumentInput,
  KnowledgeBaseOptions,
  SearchOptions,
  SearchResult,
} from './knowledge-base-types.js';

/** The knowledge base: documents in, relevant chunks out. Create with {@link createKnowledgeBase}. */
export type KnowledgeBase = ReturnType<typeof createKnowledgeBase>;

/**
 * A searchable knowledge base: reads text, Markdown, HTML, CSV and PDF, cuts it into section-aware
 * chunks, indexes them for BM25 keyword search and (with an embedder) vector search, and fuses both
 * with Reciprocal Rank Fusion. Documents and the vector index persist in the given store.
 *
 * @example
 * const kb = createKnowledgeBase({ embedder: transformersEmbedder(), store: indexedDBRagStore() });
 * await kb.add({ source: 'faq.md', content: markdown });
 * const agent = createAgent({ model, tools: kb.tools() });
 */
export function createKnowledgeBase(options: KnowledgeBaseOptions = {}) {
  const kb = knowledgeState(options);
  const { ready, vectors } = kb;

  return {
    /** Loads stored documents and the vector index (rebuilding it when damaged); other methods call it. */
    ready,
    get mode(): SearchMode {
      return vectors.mode;
    },

    /** Reads, chunks and indexes a document. An unchanged attachment within its TTL is served from cache. */
    add: (input: DocumentInput, signal?: AbortSignal): Promise<KnowledgeDocument> =>
      addDocument(kb, input, signal),

    async remove(documentIds: readonly string[]): Promise<void> {
      await ready();
      await kb.drop([...documentIds], 'removed');
    },

    /** Documents visible to a conversation (all global ones plus its live attachments). */
    async documents(conversationId?: string): Promise<KnowledgeDocument[]> {
      await ready();
      return [...kb.documents.values()].filter((d) => kb.visible(d, conversationId));
    },

    /** Hybrid search (keyword + vector, fused by RRF), or keyword-only when there are no vectors. */
    search: (query: string, searchOptions: SearchOptions = {}): Promise<SearchResult> =>
      searchKnowledge(kb, query, searchOptions),

    /** Searches this built index (or none) beside the documents added here, from the next search on. */
    setIndex(index: KnowledgeIndex | undefined): void {
      kb.built = index;
    },

    /** Re-embeds every chunk into a fresh index (after changing models or to recover). */
    async rebuild(): Promise<void> {
      await ready();
      await vectors.clear();
      kb.reset();
      await ready();
    },

    /** Waits for pending writes to the store (the keyword index is saved now if a change waits). */
    flush: async () => {
      await Promise.all([vectors.flush(), kb.keywordStore.flush()]);
    },
  };
}
