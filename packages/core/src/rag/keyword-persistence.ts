import type { BackgroundKeywordIndex } from './background-keyword-index.js';
import { KEYWORD_FIELDS, type KeywordIndexOptions } from './keyword-index.js';
import type { KeywordRecord, KeywordTarget } from './keyword-requests.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import { KEYWORD_SNAPSHOT_VERSION, type RagStore, type StoredKeywords } from './rag-store.js';

const NAME = 'default';

/**
 * Most chunks whose index is saved from the page's thread: splitting it into shards there is one task that
 * grows with the index. Larger indexes are saved only from
 * a keyword worker, and otherwise rebuilt in slices on load.
 */
export const PAGE_SAVE_MAX_CHUNKS = 1000;

/** What a saved keyword index must have been built with to be used: the analyzer, fields and format. */
export function keywordSettings(options: KeywordIndexOptions = {}): string {
  return JSON.stringify(
    { fields: KEYWORD_FIELDS, engine: 'minisearch@7', options },
    (_key, value: unknown) => (value instanceof Set ? [...value].sort() : value),
  );
}

/** Saves and restores a knowledge base's keyword index, so a return visit does not re-tokenise its documents. */
export interface KeywordPersistence {
  /**
   * Loads the saved index when it was built with the same settings and brings it up to date with the
   * stored `documents` (chunks of documents gone or changed since are removed). Resolves with the
   * documents still to index: all of them when nothing usable was saved (none saved, another version or
   * settings, unreadable).
   */
  restore(documents: Promise<readonly KnowledgeDocument[]>): Promise<KnowledgeDocument[]>;
  /** Saves the index after the configured delay (again after each change). */
  changed(): void;
  /** Saves now when a change is waiting, and waits for the saving. */
  flush(): Promise<void>;
}

/**
 * The {@link KeywordPersistence} of `keywords` in `store`, saved as a root record and term shards; a
 * return visit reads the root only, and each search the shards of its terms. With an IndexedDB store and
 * the index in a worker, the worker reads and writes the saved index itself: its postings (megabytes at a
 * thousand pages) never pass through the page's thread.
 */
export function keywordPersistence(
  store: RagStore & { readonly databaseName?: string },
  keywords: BackgroundKeywordIndex,
  options: { settings: string; delayMs: number; documents: () => Iterable<KnowledgeDocument> },
): KeywordPersistence {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const wanted = { name: NAME, version: KEYWORD_SNAPSHOT_VERSION, settings: options.settings };
  const { getKeywords, putKeywords, getKeywordShard } = store;
  /** The worker opens an IndexedDB store by name; on the page the store itself is used. */
  const target = (): KeywordTarget | undefined => {
    if (keywords.where() === 'worker')
      return typeof store.databaseName === 'string' ? store.databaseName : undefined;
    if (!getKeywords || !putKeywords || !getKeywordShard) return undefined;
    return {
      getKeywords: (name) => getKeywords.call(store, name),
      putKeywords: (record, shards) => putKeywords.call(store, record, shards),
      getKeywordShard: (name, n) => getKeywordShard.call(store, name, n),
    };
  };
  const save = () => {
    timer = undefined;
    const where = target();
    if (!where) return saving;
    // Listed now, in step with the calls already sent to the index: its save answers after them.
    const documents: StoredKeywords['documents'] = {};
    let chunks = 0;
    for (const d of options.documents()) {
      documents[d.id] = [d.addedAt, d.chunks.length];
      chunks += d.chunks.length;
    }
    if (keywords.where() === 'page' && chunks > PAGE_SAVE_MAX_CHUNKS) return saving;
    const saved = keywords.saveTo(where, { ...wanted, documents, savedAt: Date.now() });
    // Not saved (storage full, a worker that failed): the next load rebuilds from the documents.
    saving = Promise.all([saving, saved.catch(() => undefined)]).then(() => undefined);
    return saving;
  };
  /** Opens the saved index; resolves with its record, or undefined when there is none to use. */
  const load = async (): Promise<KeywordRecord | undefined> => {
    const where = target();
    return where ? keywords.loadFrom(where, wanted) : undefined;
  };
  return {
    async restore(reading) {
      let saved: KeywordRecord | undefined;
      try {
        saved = await load();
      } catch {
        // A damaged or foreign record: rebuild from the documents (and save the rebuilt index).
        await keywords.clear();
      }
      const documents = await reading;
      if (!saved) return [...documents];
      const entries = saved.documents;
      const current = new Map(documents.map((d) => [d.id, d]));
      const same = (d: KnowledgeDocument | undefined, entry: [number, number] | undefined) =>
        d !== undefined && entry !== undefined && entry[0] === d.addedAt && entry[1] === d.chunks.length;
      const stale = Object.entries(entries)
        .filter(([id, entry]) => !same(current.get(id), entry))
        .flatMap(([id, [, chunks]]) => Array.from({ length: chunks }, (_, i) => `${id}#${i}`));
      if (stale.length) {
        await keywords.remove(stale);
        await keywords.vacuum();
        this.changed();
      }
      return documents.filter((d) => !same(d, entries[d.id]));
    },
    changed() {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(save, options.delayMs);
    },
    flush() {
      if (timer === undefined) return saving;
      clearTimeout(timer);
      return save();
    },
  };
}
