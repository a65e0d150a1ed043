import { indexedDBRagStore } from './indexeddb-rag-store.js';
import type { KeywordEntry, KeywordIndex, KeywordIndexOptions } from './keyword-index.js';
import type { StoredKeywords } from './rag-store.js';

/** A saved keyword index without its JSON: what the page needs to bring it up to date. */
export type KeywordRecord = Omit<StoredKeywords, 'json'>;

/** A call on a keyword index by message (to its worker, or replayed on the page when no worker starts). */
export type KeywordCall =
  | { method: 'init'; options: KeywordIndexOptions }
  | { method: 'add'; entries: KeywordEntry[] }
  | { method: 'remove'; ids: string[] }
  | { method: 'search'; query: string; k: number }
  | { method: 'save' }
  | { method: 'load'; json: string }
  | { method: 'vacuum' }
  | { method: 'saveTo'; databaseName: string; record: KeywordRecord }
  | { method: 'loadFrom'; databaseName: string; name: string; version: number; settings: string }
  | { method: 'clear' };

/** Page → worker. */
export type KeywordRequest = { id: number } & KeywordCall;

/** Worker → page: a result, or an error message. */
export type KeywordResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

/** Runs one call on `index` (`init` is the caller's: it makes the index); `inWorker` loads without yielding. */
export function answerKeywordCall(index: KeywordIndex, call: KeywordCall, inWorker = false): unknown {
  switch (call.method) {
    case 'init':
      return undefined;
    case 'add':
      return index.add(call.entries);
    case 'remove':
      return index.remove(call.ids);
    case 'search':
      return index.search(call.query, call.k);
    case 'save':
      return index.save();
    case 'load':
      return index.load(call.json, !inWorker);
    case 'saveTo':
      return saveTo(index, call.databaseName, call.record);
    case 'loadFrom':
      return loadFrom(index, call, inWorker);
    case 'vacuum':
      return index.vacuum();
    case 'clear':
      return index.clear();
  }
}

const stores = new Map<string, ReturnType<typeof indexedDBRagStore>>();
const storeOf = (databaseName: string) => {
  const store = stores.get(databaseName) ?? indexedDBRagStore({ databaseName });
  stores.set(databaseName, store);
  return store;
};

/** Saves the index into the RAG database itself: its JSON (megabytes at a thousand pages) never crosses to the page. */
async function saveTo(index: KeywordIndex, databaseName: string, record: KeywordRecord): Promise<void> {
  const json = await index.save();
  await storeOf(databaseName).putKeywords({ ...record, json });
}

/**
 * Loads the saved index from the RAG database when it has the version and settings asked for; resolves
 * with its record (without the JSON), or undefined when there is none to use.
 */
async function loadFrom(
  index: KeywordIndex,
  call: Extract<KeywordCall, { method: 'loadFrom' }>,
  inWorker: boolean,
): Promise<KeywordRecord | undefined> {
  const saved = await storeOf(call.databaseName).getKeywords(call.name);
  if (!saved || saved.version !== call.version || saved.settings !== call.settings) return undefined;
  const { json, ...record } = saved;
  await index.load(json, !inWorker);
  return record;
}
