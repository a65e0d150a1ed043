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
}

/** A {@link RagStore} in memory: for tests and pages that rebuild their knowledge on load. */
export function memoryRagStore(): RagStore {
  const documents = new Map<string, KnowledgeDocument>();
  const vectors = new Map<string, StoredVectors>();
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
  };
}
