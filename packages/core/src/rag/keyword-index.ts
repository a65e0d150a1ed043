import MiniSearch, { type Options } from 'minisearch';
import { type KeywordAnalyzerOptions, keywordAnalyzer } from './keyword-analyzer.js';

/** A text to index for keyword search: its id, body and optional heading fields. */
export interface KeywordEntry {
  id: string;
  text: string;
  /** Document title, weighted above the body. */
  title?: string;
  /** Heading path of the chunk's section. */
  section?: string;
}

/** A keyword hit: BM25 score (unbounded, higher is better). */
export interface KeywordHit {
  id: string;
  score: number;
}

/** Options of {@link keywordIndex}. */
export interface KeywordIndexOptions extends KeywordAnalyzerOptions {
  /**
   * Field weights; default 1 each. Boosting titles is common, but chunks already repeat much of their
   * title, and on Cranfield a title boost of 1.5 cost 0.011 nDCG@10 (`pnpm bench rag-quality`).
   */
  boost?: { text?: number; title?: number; section?: number };
  /** BM25 parameters (MiniSearch's BM25+; d = 0 is classic BM25): default k 1.2, b 0.75, d 0. */
  bm25?: { k: number; b: number; d: number };
  /** Keep MiniSearch's multiplication of scores by the number of matched query terms; default false. */
  coordination?: boolean;
}

/** The indexed fields, in MiniSearch's field-id order (a built knowledge index keeps this order). */
export const KEYWORD_FIELDS = ['text', 'title', 'section'] as const;

/** Field weights and BM25 parameters of keyword search, with their defaults filled in. */
export function keywordScoring(options: KeywordIndexOptions = {}) {
  return {
    boost: { text: 1, title: 1, section: 1, ...options.boost },
    bm25: options.bm25 ?? { k: 1.2, b: 0.75, d: 0 },
  };
}

/** The MiniSearch instance behind {@link keywordIndex}; the knowledge build step indexes with the same one. */
export function keywordMiniSearch(options: KeywordIndexOptions = {}): MiniSearch<KeywordEntry> {
  return new MiniSearch<KeywordEntry>(miniSearchOptions(options));
}

function miniSearchOptions(options: KeywordIndexOptions): Options<KeywordEntry> {
  const { boost, bm25 } = keywordScoring(options);
  return {
    fields: [...KEYWORD_FIELDS],
    storeFields: [],
    processTerm: keywordAnalyzer(options),
    searchOptions: { boost, bm25, combineWith: 'OR', prefix: false, fuzzy: false },
  };
}

/**
 * BM25 keyword search over MiniSearch with an English analyzer (stop words, Porter stemming) and
 * classic BM25 weights (k1 1.2, b 0.75), the textbook values rather than ones fitted to a test set.
 */
export function keywordIndex(options: KeywordIndexOptions = {}) {
  const coordination = options.coordination ?? false;
  let search = keywordMiniSearch(options);
  return {
    size: () => search.documentCount,
    add(entries: readonly KeywordEntry[]) {
      for (const entry of entries) {
        if (search.has(entry.id)) search.discard(entry.id);
        search.add(entry);
      }
    },
    remove(ids: readonly string[]) {
      for (const id of ids) if (search.has(id)) search.discard(id);
    },
    search(query: string, k: number): KeywordHit[] {
      // MiniSearch multiplies each score by the number of query terms matched; with long natural
      // language queries that coordination factor outweighs the term weights, so plain BM25 sums are used.
      return search
        .search(query)
        .map((result) => ({
          id: String(result.id),
          score: coordination ? result.score : result.score / result.queryTerms.length,
        }))
        .sort((a, b) => b.score - a.score)
        .slice(0, k);
    },
    clear() {
      search.removeAll();
    },
    /**
     * Drops what replaced and removed entries left behind (MiniSearch discards lazily, and until then their
     * terms still count in BM25's document frequencies); in batches that yield.
     */
    async vacuum(): Promise<void> {
      if (search.dirtCount > 0) await search.vacuum();
    },
    /** The index as MiniSearch serialises it (call {@link vacuum} first to leave out what was discarded). */
    toJS: () => search.toJSON(),
    /** Replaces the index by one serialised with {@link toJS} (same analyzer options). */
    loadJS(js: ReturnType<MiniSearch['toJSON']>): void {
      search = MiniSearch.loadJS<KeywordEntry>(js, miniSearchOptions(options));
    },
  };
}

/** The keyword index type returned by {@link keywordIndex}. */
export type KeywordIndex = ReturnType<typeof keywordIndex>;
