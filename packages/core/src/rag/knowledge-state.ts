import { type BackgroundKeywordIndex, backgroundKeywordIndex } from './background-keyword-index.js';
import type { KnowledgeIndex } from './built/knowledge-index-reader.js';
import { flatIndex } from './flat-index.js';
import { type KeywordPersistence, keywordPersistence, keywordSettings } from './keyword-persistence.js';
import type { KnowledgeBaseOptions } from './knowledge-base-types.js';
import type { Chunk, KnowledgeDocument } from './knowledge-document.js';
import type { KnowledgeEvent } from './knowledge-events.js';
import { memoryRagStore, type RagStore } from './rag-store.js';
import { type SemanticIndex, semanticIndex } from './semantic-index.js';
import { inSlices } from './yield-to-main.js';

const DAY = 24 * 60 * 60 * 1000;

/** What a knowledge base holds in memory, shared by its add and search steps. */
export interface KnowledgeState {
  readonly options: KnowledgeBaseOptions;
  readonly store: RagStore;
  readonly now: () => number;
  readonly ttl: number;
  readonly emit: (event: KnowledgeEvent) => void;
  readonly documents: Map<string, KnowledgeDocument>;
  readonly chunks: Map<string, Chunk>;
  /** The keyword index (in a worker with `keywordWorker`); its calls are answered in the order made. */
  readonly keywords: BackgroundKeywordIndex;
  /** Saves the keyword index after changes and restores it on load. */
  readonly keywordStore: KeywordPersistence;
  readonly vectors: SemanticIndex;
  /** A prebuilt index searched beside the documents added here. */
  built: KnowledgeIndex | undefined;
  /** Loads stored documents and the vector index, once until {@link KnowledgeState.reset}. */
  ready(): Promise<void>;
  index(document: KnowledgeDocument): void;
  drop(ids: string[], reason: 'removed' | 'expired'): Promise<void>;
  /** Ids of documents past their expiry. */
  expired(): string[];
  visible(document: KnowledgeDocument, conversationId: string | undefined): boolean;
  /** Forgets everything in memory so the next ready() reloads from the store. */
  reset(): void;
}

/** The in-memory state of a knowledge base over its store, keyword index and vector index. */
export function knowledgeState(options: KnowledgeBaseOptions): KnowledgeState {
  const store = options.store ?? memoryRagStore();
  const now = options.now ?? Date.now;
  const emit = (event: KnowledgeEvent) => options.onEvent?.(event);
  const vectors = semanticIndex({
    embedder: options.embedder,
    createIndex: options.vectorIndex ?? ((dimensions) => flatIndex({ dimensions })),
    store,
    emit,
  });
  let opened: Promise<void> | undefined;
  options.embedder?.onProgress?.(emit);
  const documents = new Map<string, KnowledgeDocument>();
  const keywords = backgroundKeywordIndex(options.keyword, options.keywordWorker ?? false, (reason) => {
    // A saved shard could not be used: searches go on without it while the index is rebuilt from the documents.
    emit({ type: 'knowledge.keywords.rebuilt', reason });
    void keywords.clear();
    void inSlices([...documents.values()], (document) => indexDocument(state, document));
  });

  const state: KnowledgeState = {
    options,
    store,
    now,
    ttl: options.attachmentTtlMs ?? DAY,
    emit,
    documents,
    chunks: new Map(),
    keywords,
    keywordStore: keywordPersistence(store, keywords, {
      settings: keywordSettings(options.keyword),
      delayMs: options.keywordSaveDelayMs ?? 1000,
      documents: () => documents.values(),
    }),
    vectors,
    built: options.index,
    ready() {
      opened ??= (async () => {
        const reading = store.documents();
        reading.catch(() => undefined); // rejected below, with ready()
        // The saved keyword index as built, loaded while the documents are read; only documents it lacks
        // are tokenised again.
        const missing = new Set(await state.keywordStore.restore(reading));
        const stored = await reading;
        // In slices: stored documents of a large site would otherwise block the page for seconds.
        await inSlices(stored, (document) =>
          missing.has(document) ? state.index(document) : remember(state, document),
        );
        await state.drop(state.expired(), 'expired');
        await vectors.open([...state.documents.values()].flatMap((d) => d.chunks));
      })();
      return opened;
    },
    index: (document) => indexDocument(state, document),
    drop: (ids, reason) => dropDocuments(state, ids, reason),
    expired: () =>
      [...state.documents.values()]
        .filter((d) => d.expiresAt !== undefined && d.expiresAt <= now())
        .map((d) => d.id),
    visible: (document, conversationId) =>
      (document.conversationId === undefined || document.conversationId === conversationId) &&
      (document.expiresAt === undefined || document.expiresAt > now()),
    reset() {
      opened = undefined;
      state.documents.clear();
      state.chunks.clear();
      void state.keywords.clear();
    },
  };
  return state;
}

/** Keeps a document and its chunks in memory (its keywords are already indexed). */
function remember(state: KnowledgeState, document: KnowledgeDocument): void {
  state.documents.set(document.id, document);
  for (const chunk of document.chunks) state.chunks.set(chunk.id, chunk);
}

function indexDocument(state: KnowledgeState, document: KnowledgeDocument): void {
  remember(state, document);
  state.keywordStore.changed();
  // A failed call is left out here; the index answers later calls in order.
  void state.keywords
    .add(
      document.chunks.map((c) => ({
        id: c.id,
        text: c.text,
        title: document.title,
        ...(c.section ? { section: c.section } : {}),
      })),
    )
    .catch(() => undefined);
}

async function dropDocuments(
  state: KnowledgeState,
  ids: string[],
  reason: 'removed' | 'expired',
): Promise<void> {
  const { documents } = state;
  const present = ids.filter((id) => documents.has(id));
  if (present.length === 0) return;
  const chunkIds = present.flatMap((id) => documents.get(id)!.chunks.map((c) => c.id));
  for (const id of present) documents.delete(id);
  for (const id of chunkIds) state.chunks.delete(id);
  void state.keywords.remove(chunkIds).catch(() => undefined);
  state.keywordStore.changed();
  await state.vectors.remove(chunkIds);
  await state.store.deleteDocuments(present);
  state.emit({ type: 'knowledge.removed', documentIds: present, reason });
}
