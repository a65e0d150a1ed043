import type { KnowledgeIndex } from './built/knowledge-index-reader.js';
import { chunkText } from './chunk-text.js';
import { flatIndex } from './flat-index.js';
import { keywordIndex } from './keyword-index.js';
import type {
  DocumentInput,
  KnowledgeBaseOptions,
  SearchOptions,
  SearchResult,
} from './knowledge-base-types.js';
import type { Chunk, KnowledgeDocument } from './knowledge-document.js';
import type { KnowledgeEvent, SearchMode } from './knowledge-events.js';
import { RagInputError } from './rag-errors.js';
import { memoryRagStore } from './rag-store.js';
import { detectFormat, readDocument } from './readers/read-document.js';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import type { SearchHit } from './search-hit.js';
import { semanticIndex } from './semantic-index.js';
import { inSlices } from './yield-to-main.js';

export type {
  DocumentInput,
  KnowledgeBaseOptions,
  SearchOptions,
  SearchResult,
} from './knowledge-base-types.js';

const DAY = 24 * 60 * 60 * 1000;

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
  const store = options.store ?? memoryRagStore();
  const now = options.now ?? Date.now;
  const ttl = options.attachmentTtlMs ?? DAY;
  const emit = (event: KnowledgeEvent) => options.onEvent?.(event);
  const documents = new Map<string, KnowledgeDocument>();
  const chunks = new Map<string, Chunk>();
  const keywords = keywordIndex(options.keyword);
  const vectors = semanticIndex({
    embedder: options.embedder,
    createIndex: options.vectorIndex ?? ((dimensions) => flatIndex({ dimensions })),
    store,
    emit,
  });
  let opened: Promise<void> | undefined;
  let built = options.index;
  options.embedder?.onProgress?.(emit);

  function index(document: KnowledgeDocument): void {
    documents.set(document.id, document);
    for (const chunk of document.chunks) chunks.set(chunk.id, chunk);
    keywords.add(
      document.chunks.map((c) => ({
        id: c.id,
        text: c.text,
        title: document.title,
        ...(c.section ? { section: c.section } : {}),
      })),
    );
  }

  async function drop(ids: string[], reason: 'removed' | 'expired'): Promise<void> {
    const present = ids.filter((id) => documents.has(id));
    if (present.length === 0) return;
    const chunkIds = present.flatMap((id) => documents.get(id)!.chunks.map((c) => c.id));
    for (const id of present) documents.delete(id);
    for (const id of chunkIds) chunks.delete(id);
    keywords.remove(chunkIds);
    await vectors.remove(chunkIds);
    await store.deleteDocuments(present);
    emit({ type: 'knowledge.removed', documentIds: present, reason });
  }

  const expired = () =>
    [...documents.values()].filter((d) => d.expiresAt !== undefined && d.expiresAt <= now()).map((d) => d.id);

  async function ready(): Promise<void> {
    opened ??= (async () => {
      // Indexed in slices: stored documents of a large site would otherwise block the page for seconds.
      await inSlices(await store.documents(), index);
      await drop(expired(), 'expired');
      await vectors.open([...documents.values()].flatMap((d) => d.chunks));
    })();
    return opened;
  }

  const visible = (document: KnowledgeDocument, conversationId: string | undefined) =>
    (document.conversationId === undefined || document.conversationId === conversationId) &&
    (document.expiresAt === undefined || document.expiresAt > now());

  return {
    /** Loads stored documents and the vector index (rebuilding it when damaged); other methods call it. */
    ready,
    get mode(): SearchMode {
      return vectors.mode;
    },

    /** Reads, chunks and indexes a document. An unchanged attachment within its TTL is served from cache. */
    async add(input: DocumentInput, signal?: AbortSignal): Promise<KnowledgeDocument> {
      await ready();
      if (typeof input?.source !== 'string' || !input.source.trim())
        throw new RagInputError('knowledgeBase.add: `source` (a file name or URL) is required.');
      if (input.content === undefined || input.content === null)
        throw new RagInputError(
          `knowledgeBase.add(${input.source}): \`content\` is required (text, Blob, ArrayBuffer or Uint8Array).`,
        );
      const id = input.conversationId
        ? `conversation:${input.conversationId}:${input.source}`
        : `document:${input.source}`;
      const format = input.format ?? detectFormat(input.source, input.content, input.mimeType);
      const read = await readDocument(input.content, format, options.pdf);
      const cached = documents.get(id);
      if (cached && cached.text === read.text && visible(cached, input.conversationId)) {
        emit({
          type: 'knowledge.ingested',
          documentId: id,
          source: input.source,
          chunks: cached.chunks.length,
          cached: true,
        });
        return cached;
      }
      if (cached) await drop([id], 'removed');
      const document: KnowledgeDocument = {
        id,
        source: input.source,
        title: input.title ?? read.title ?? input.source.split(/[\\/]/).pop()!,
        format,
        text: read.text,
        chunks: chunkText(id, read.text, options.chunking),
        metadata: { ...input.metadata },
        addedAt: now(),
        ...(input.conversationId ? { conversationId: input.conversationId, expiresAt: now() + ttl } : {}),
      };
      index(document);
      await store.putDocument(document);
      await vectors.add(document.chunks, signal);
      emit({
        type: 'knowledge.ingested',
        documentId: id,
        source: input.source,
        chunks: document.chunks.length,
        cached: false,
      });
      return document;
    },

    async remove(documentIds: readonly string[]): Promise<void> {
      await ready();
      await drop([...documentIds], 'removed');
    },

    /** Documents visible to a conversation (all global ones plus its live attachments). */
    async documents(conversationId?: string): Promise<KnowledgeDocument[]> {
      await ready();
      return [...documents.values()].filter((d) => visible(d, conversationId));
    },

    /** Hybrid search (keyword + vector, fused by RRF), or keyword-only when there are no vectors. */
    async search(query: string, searchOptions: SearchOptions = {}): Promise<SearchResult> {
      await ready();
      const stale = expired();
      if (stale.length > 0) await drop(stale, 'expired');
      const k = searchOptions.k ?? 5;
      const n = Math.max(searchOptions.candidates ?? 30, k);
      const { conversationId, signal } = searchOptions;
      const allowed = (chunkId: string) => {
        const chunk = chunks.get(chunkId);
        const document = chunk && documents.get(chunk.documentId);
        return document !== undefined && visible(document, conversationId);
      };
      // Over-fetch, then filter to what this conversation may see.
      const local = keywords.search(query, n * 3).filter((h) => allowed(h.id));
      const ranking = built ? await built.rank(query, n) : undefined;
      const keywordIds = [...local.slice(0, n), ...(ranking?.hits ?? [])]
        .sort((a, b) => b.score - a.score)
        .slice(0, n)
        .map((h) => h.id);
      const vectorIds = (await vectors.search(query, n * 3, signal))?.filter(allowed).slice(0, n);
      const fused = reciprocalRankFusion(vectorIds ? [keywordIds, vectorIds] : [keywordIds]);
      const shown = fused.slice(0, options.rerank ? n : k);
      const fromIndex = built
        ? await built.hits(shown.map((h) => h.id).filter((id) => !chunks.has(id)))
        : undefined;
      let hits: SearchHit[] = shown.flatMap(({ id, score, ranks }) => {
        const ranked = {
          score,
          ...(ranks[0] ? { keywordRank: ranks[0] } : {}),
          ...(ranks[1] ? { vectorRank: ranks[1] } : {}),
        };
        const chunk = chunks.get(id);
        if (!chunk) {
          const hit = fromIndex?.get(id);
          return hit ? [{ ...hit, ...ranked }] : [];
        }
        const document = documents.get(chunk.documentId)!;
        return [
          {
            chunkId: id,
            documentId: document.id,
            source: document.source,
            title: document.title,
            ...(chunk.section ? { section: chunk.section } : {}),
            text: chunk.text,
            metadata: document.metadata,
            ...ranked,
          },
        ];
      });
      if (options.rerank && hits.length > 0)
        hits = (await options.rerank(query, hits, signal ? { signal } : {})).slice(0, k);
      const mode = vectorIds ? 'hybrid' : 'keyword';
      const notes = [
        mode === 'keyword'
          ? `Keyword search only: ${vectors.reason ?? 'no vectors are available'}.`
          : undefined,
        ...(ranking?.errors ?? []).map((error) => error.message),
      ].filter(Boolean);
      return { mode, ...(notes.length ? { note: notes.join(' ') } : {}), hits };
    },

    /** Searches this built index (or none) beside the documents added here, from the next search on. */
    setIndex(index: KnowledgeIndex | undefined): void {
      built = index;
    },

    /** Re-embeds every chunk into a fresh index (after changing models or to recover). */
    async rebuild(): Promise<void> {
      await ready();
      await vectors.clear();
      opened = undefined;
      documents.clear();
      chunks.clear();
      keywords.clear();
      await ready();
    },

    /** Waits for pending writes to the store. */
    flush: () => vectors.flush(),
  };
}
