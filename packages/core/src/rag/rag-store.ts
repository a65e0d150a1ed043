import type { KnowledgeDocument } from './knowledge-document.js';

/** A saved vector index and what produced it, so a different embedding model is never mixed in. */
export interface StoredVectors {
  /** Index name within the store, e.g. `default`. */
  name: string;
  /** Embedding model id and dimensions the vectors came from. */
  model: string;
  dimensions: number;
  /** The index's own binary snapshot (`VectorIndex.save()`). */
  snapshot: ArrayBuffer;
  savedAt: number;
}

/**
 * A saved keyword index: MiniSearch's serialization as built, and what it was built from, so it is used
 * only with the same analyzer and is brought up to date with the stored documents on load.
 */
export interface StoredKeywords {
  /** Index name within the store, e.g. `default`. */
  name: string;
  /** Format of this record ({@link KEYWORD_SNAPSHOT_VERSION}). */
  version: number;
  /** The analyzer and field settings the index was built with. */
  settings: string;
  /** Per indexed document: when it was added (its version) and its number of chunks. */
  documents: Record<string, [addedAt: number, chunks: number]>;
  /** `keywordIndex().save()`: the index as JSON. */
  json: string;
  savedAt: number;
}

/** Version of {@link StoredKeywords}; a record of another version is rebuilt from the documents. */
export const KEYWORD_SNAPSHOT_VERSION = 1;

/**
 * The port for knowledge-base persistence: documents (text and chunks) and vector snapshots.
 * Adapters: {@link memoryRagStore} and `indexedDBRagStore` (its own database, `agent-chat-rag`).
 */
export interface RagStore {
  documents(): Promise<KnowledgeDocument[]>;
  putDocument(document: KnowledgeDocument): Promise<void>;
  deleteDocuments(ids: readonly string[]): Promise<void>;
  getVectors(name: string): Promise<StoredVectors | undefined>;
  putVectors(vectors: StoredVectors): Promise<void>;
  deleteVectors(name: string): Promise<void>;
  /** The saved keyword index (stores without these rebuild it from the documents on each load). */
  getKeywords?(name: string): Promise<StoredKeywords | undefined>;
  putKeywords?(keywords: StoredKeywords): Promise<void>;
}

/** A {@link RagStore} in memory: for tests and pages that rebuild their knowledge on load. */
export function memoryRagStore(): RagStore {
  const documents = new Map<string, KnowledgeDocument>();
  const vectors = new Map<string, StoredVectors>();
  const keywords = new Map<string, StoredKeywords>();
  return {
    documents: async () => [...documents.values()].map((d) => structuredClone(d)),
    putDocument: async (document) => {
      documents.set(document.id, structuredClone(document));
    },
    deleteDocuments: async (ids) => {
      for (const id of ids) documents.delete(id);
    },
    getVectors: async (name) => vectors.get(name),
    putVectors: async (stored) => {
      vectors.set(stored.name, { ...stored, snapshot: stored.snapshot.slice(0) });
    },
    deleteVectors: async (name) => {
      vectors.delete(name);
    },
    getKeywords: async (name) => keywords.get(name),
    putKeywords: async (stored) => {
      keywords.set(stored.name, structuredClone(stored));
    },
  };
}
