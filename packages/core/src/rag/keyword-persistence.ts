import type { BackgroundKeywordIndex } from './background-keyword-index.js';
import { KEYWORD_FIELDS, type KeywordIndexOptions } from './keyword-index.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import { KEYWORD_SNAPSHOT_VERSION, type RagStore, type StoredKeywords } from './rag-store.js';

const NAME = 'default';

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
  restore(documents: readonly KnowledgeDocument[]): Promise<KnowledgeDocument[]>;
  /** Saves the index after the configured delay (again after each change). */
  changed(): void;
  /** Saves now when a change is waiting, and waits for the saving. */
  flush(): Promise<void>;
}

/** The {@link KeywordPersistence} of `keywords` in `store`; `documents` lists what is indexed now. */
export function keywordPersistence(
  store: RagStore,
  keywords: BackgroundKeywordIndex,
  options: { settings: string; delayMs: number; documents: () => Iterable<KnowledgeDocument> },
): KeywordPersistence {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    timer = undefined;
    if (!store.putKeywords) return saving;
    // Listed now, in step with the calls already sent to the index: its save answers after them.
    const documents: StoredKeywords['documents'] = {};
    for (const d of options.documents()) documents[d.id] = [d.addedAt, d.chunks.length];
    const json = keywords.save();
    saving = saving
      .then(async () => {
        const stored = { name: NAME, version: KEYWORD_SNAPSHOT_VERSION, settings: options.settings };
        await store.putKeywords!({ ...stored, documents, json: await json, savedAt: Date.now() });
      })
      // Not saved (storage full, a worker that failed): the next load rebuilds from the documents.
      .catch(() => undefined);
    return saving;
  };
  return {
    async restore(documents) {
      const saved = await store.getKeywords?.(NAME).catch(() => undefined);
      if (!saved || saved.version !== KEYWORD_SNAPSHOT_VERSION || saved.settings !== options.settings)
        return [...documents];
      try {
        await keywords.load(saved.json);
        const current = new Map(documents.map((d) => [d.id, d]));
        const same = (d: KnowledgeDocument | undefined, entry: [number, number] | undefined) =>
          d !== undefined && entry !== undefined && entry[0] === d.addedAt && entry[1] === d.chunks.length;
        const stale = Object.entries(saved.documents)
          .filter(([id, entry]) => !same(current.get(id), entry))
          .flatMap(([id, [, chunks]]) => Array.from({ length: chunks }, (_, i) => `${id}#${i}`));
        if (stale.length) {
          await keywords.remove(stale);
          await keywords.vacuum();
          this.changed();
        }
        return documents.filter((d) => !same(d, saved.documents[d.id]));
      } catch {
        // A damaged or foreign record: rebuild from the documents (and save the rebuilt index).
        await keywords.clear();
        return [...documents];
      }
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
