import { indexedDBRagStore } from './indexeddb-rag-store.js';
import type { KeywordEntry, KeywordIndexOptions } from './keyword-index.js';
import type { StoredKeywords } from './rag-store.js';
import type { KeywordShardStore, ShardedKeywordIndex } from './sharded-keyword-index.js';

/** A saved keyword index without its root and shard checksums: what the page needs to bring it up to date. */
export type KeywordRecord = Omit<StoredKeywords, 'root' | 'shards'>;

/**
 * Where a saved index lives: the name of a RAG database in IndexedDB (the worker opens it itself), or a
 * store object (only on the page: it cannot be sent to a worker).
 */
export type KeywordTarget = string | KeywordShardStore;

/** A call on a keyword index by message (to its worker, or replayed on the page when no worker starts). */
export type KeywordCall =
  | { method: 'init'; options: KeywordIndexOptions }
  | { method: 'add'; entries: KeywordEntry[] }
  | { method: 'remove'; ids: string[] }
  | { method: 'search'; query: string; k: number }
  | { method: 'vacuum' }
  | { method: 'saveTo'; target: KeywordTarget; record: KeywordRecord }
  | { method: 'loadFrom'; target: KeywordTarget; name: string; version: number; settings: string }
  | { method: 'clear' };

/** Page → worker. */
export type KeywordRequest = { id: number } & KeywordCall;

/** Worker → page: a result, or an error message; `damaged` says a saved shard could not be used. */
export type KeywordResponse =
  | { id: number; ok: true; result: unknown; damaged?: string }
  | { id: number; ok: false; message: string; damaged?: string };

/** Runs one call on `index` (`init` is the caller's: it makes the index). */
export function answerKeywordCall(index: ShardedKeywordIndex, call: KeywordCall): unknown {
  switch (call.method) {
    case 'init':
      return undefined;
    case 'add':
      return index.add(call.entries);
    case 'remove':
      return index.remove(call.ids);
    case 'search':
      return index.search(call.query, call.k);
    case 'saveTo':
      return index.save(storeOf(call.target), call.record);
    case 'loadFrom':
      return index.open(storeOf(call.target), call);
    case 'vacuum':
      return index.vacuum();
    case 'clear':
      return index.clear();
  }
}

const stores = new Map<string, ReturnType<typeof indexedDBRagStore>>();
/** The store of a target; a database name opens it here (once), so the index's bytes never cross to the page. */
const storeOf = (target: KeywordTarget): KeywordShardStore => {
  if (typeof target !== 'string') return target;
  const store = stores.get(target) ?? indexedDBRagStore({ databaseName: target });
  stores.set(target, store);
  return store;
};
