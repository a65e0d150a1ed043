/** One vector to index, identified by a caller-chosen id (e.g. a chunk id). */
export interface VectorRecord {
  id: string;
  vector: ArrayLike<number>;
}

/** A search hit: cosine similarity in [-1, 1], higher is closer. */
export interface VectorHit {
  id: string;
  score: number;
}

/**
 * The VectorIndex port: nearest neighbours by cosine similarity. Vectors are normalized on insert.
 * Methods are async so an index can live in a Web Worker. Adapters: {@link flatIndex} (default,
 * WASM SIMD) and `voyIndex` (voy-search).
 */
export interface VectorIndex {
  /** Short name of the implementation, e.g. `flat` or `voy`. */
  readonly kind: string;
  readonly dimensions: number;
  /** Number of vectors held. */
  size(): number;
  has(id: string): boolean;
  /** Every id held, in no particular order. */
  ids(): string[];
  /** Inserts vectors; an id already present has its vector replaced (that is how to update). */
  add(records: readonly VectorRecord[]): Promise<void>;
  /** Removes vectors by id; returns how many were present. */
  remove(ids: readonly string[]): Promise<number>;
  /** The `k` nearest vectors, best first. */
  search(query: ArrayLike<number>, k: number): Promise<VectorHit[]>;
  /** A compact binary snapshot, e.g. for IndexedDB. */
  save(): Promise<ArrayBuffer>;
  /** Replaces the contents with a snapshot from `save`; throws `IndexCorruptError` when it is damaged. */
  load(snapshot: ArrayBuffer): Promise<void>;
  clear(): Promise<void>;
}
