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
 * A saved keyword index's root record: what it was built from (so it is used only with the same analyzer
 * and is brought up to date with the stored documents on load) and the corpus statistics BM25 needs. Its
 * postings are in {@link StoredKeywordShard}s, read only when a query needs their terms.
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
  /** Chunk ids, field lengths and averages (MiniSearch's, as built). */
  root: KeywordRoot;
  /** CRC-32 of each term shard (`<name>/<n>`), in shard order. */
  shards: number[];
  savedAt: number;
}

/** The statistics of a saved keyword index: everything but its postings. */
export interface KeywordRoot {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** MiniSearch's short ids of the indexed chunks, ascending. */
  shortIds: Uint32Array;
  /**
   * Their chunk ids, in the same order, as `<prefix>#<number>` (a chunk id's form): the prefixes once each
   * (`idPrefixes`), and per chunk its prefix's index and number (-1: the id is the prefix alone).
   */
  idPrefixes: string[];
  idPrefix: Uint32Array;
  idNumber: Int32Array;
  /** Per chunk (in the order of `ids`), the length of each field (by field id). */
  fieldLength: Uint32Array;
}

/**
 * One term shard of a saved keyword index: the terms whose hash falls in it and their postings, as
 * varints per term (`offsets[i]` is where term i starts): field count, then per field its id, posting
 * count and [short id delta, term frequency] pairs.
 */
export interface StoredKeywordShard {
  /** `<index name>/<shard number>`. */
  name: string;
  /** The `savedAt` of the root it belongs to. */
  savedAt: number;
  terms: string[];
  offsets: Uint32Array;
  postings: Uint8Array;
}

/** Version of {@link StoredKeywords}; a record of another version is rebuilt from the documents. */
export const KEYWORD_SNAPSHOT_VERSION = 2;

/** The store key of shard `n` of the keyword index `name`. */
export const keywordShardName = (name: string, n: number) => `${name}/${n}`;

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
  /** Replaces the saved keyword index `keywords.name` (root and shards) at once. */
  putKeywords?(keywords: StoredKeywords, shards: readonly StoredKeywordShard[]): Promise<void>;
  /** Shard `n` of the saved keyword index `name`. */
  getKeywordShard?(name: string, n: number): Promise<StoredKeywordShard | undefined>;
}

/** A {@link RagStore} in memory: for tests and pages that rebuild their knowledge on load. */
export function memoryRagStore(): RagStore {
  const documents = new Map<string, KnowledgeDocument>();
  const vectors = new Map<string, StoredVectors>();
  const keywords = new Map<string, StoredKeywords>();
  const shards = new Map<string, StoredKeywordShard>();
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
    putKeywords: async (stored, written) => {
      keywords.set(stored.name, structuredClone(stored));
      for (const key of shards.keys()) if (key.startsWith(`${stored.name}/`)) shards.delete(key);
      for (const shard of written) shards.set(shard.name, structuredClone(shard));
    },
    getKeywordShard: async (name, n) => shards.get(keywordShardName(name, n)),
  };
}
