import MiniSearch from 'minisearch';
import { shardOf } from './built/knowledge-index-format.js';
import { keywordAnalyzer } from './keyword-analyzer.js';
import {
  KEYWORD_FIELDS,
  type KeywordEntry,
  type KeywordHit,
  type KeywordIndexOptions,
  keywordIndex,
  keywordScoring,
} from './keyword-index.js';
import {
  joinIndex,
  type KeywordShard,
  openShard,
  readPostings,
  rootId,
  shardChecksum,
  splitIndex,
} from './keyword-shards.js';
import {
  type KeywordRoot,
  keywordShardName,
  type StoredKeywordShard,
  type StoredKeywords,
} from './rag-store.js';

/** Where a saved keyword index is read from and written to (a {@link RagStore} with keyword support). */
export interface KeywordShardStore {
  getKeywords(name: string): Promise<StoredKeywords | undefined>;
  putKeywords(keywords: StoredKeywords, shards: readonly StoredKeywordShard[]): Promise<void>;
  getKeywordShard(name: string, n: number): Promise<StoredKeywordShard | undefined>;
}

/** A saved index opened without its postings: searches read the shards of their terms. */
interface Opened {
  record: StoredKeywords;
  store: KeywordShardStore;
  /** Row of each short id in the root's arrays (-1: none). */
  rows: Int32Array;
  shards: Map<number, Promise<KeywordShard | undefined>>;
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * {@link keywordIndex} that can open a saved index lazily: {@link ShardedKeywordIndex.open} reads only the
 * root, a search reads (and keeps) the shards of its terms, and the first change (add, remove) reads the
 * rest and continues on MiniSearch. A shard that cannot be used (missing, from another save, damaged) is
 * left out and reported by {@link ShardedKeywordIndex.takeDamage}, so the owner rebuilds from its documents.
 */
export function shardedKeywordIndex(options: KeywordIndexOptions = {}) {
  const index = keywordIndex(options);
  const { boost, bm25 } = keywordScoring(options);
  const scoring: Scoring = {
    processTerm: keywordAnalyzer(options),
    boosts: KEYWORD_FIELDS.map((field) => boost[field] || 1),
    bm25,
  };
  let opened: Opened | undefined;
  let damage: string | undefined;

  const shard = (o: Opened, n: number) =>
    readShard(o, n, (reason) => {
      damage ??= reason;
    });
  /** Reads every shard into MiniSearch; later calls work on it as on a rebuilt index. */
  const hydrate = async () => {
    const o = opened;
    if (!o) return;
    const all = await Promise.all(o.record.shards.map((_, n) => shard(o, n)));
    if (opened !== o) return;
    opened = undefined;
    index.loadJS(joinIndex(o.record.root, all));
  };

  return {
    async add(entries: readonly KeywordEntry[]) {
      await hydrate();
      index.add(entries);
    },
    async remove(ids: readonly string[]) {
      await hydrate();
      index.remove(ids);
    },
    search: (query: string, k: number): Promise<KeywordHit[]> | KeywordHit[] =>
      opened ? searchShards(opened, query, k, scoring, shard) : index.search(query, k),
    async vacuum() {
      // An opened index was saved vacuumed.
      if (!opened) await index.vacuum();
    },
    clear() {
      opened = undefined;
      index.clear();
    },
    /**
     * Opens the index saved in `store` when it has this name, version and settings (its root only);
     * resolves with its record, or undefined when there is none to use.
     */
    async open(
      store: KeywordShardStore,
      wanted: { name: string; version: number; settings: string },
    ): Promise<Omit<StoredKeywords, 'root'> | undefined> {
      const record = await store.getKeywords(wanted.name);
      if (!record || record.version !== wanted.version || record.settings !== wanted.settings)
        return undefined;
      index.clear();
      opened = opening(record, store);
      const { root: _, ...rest } = record;
      return rest;
    },
    /** Saves the index (vacuumed) into `store` as `record` with its shards. */
    async save(store: KeywordShardStore, record: Omit<StoredKeywords, 'root' | 'shards'>): Promise<void> {
      await hydrate();
      await index.vacuum();
      const { root, shards } = splitIndex(index.toJS());
      const named = shards.map((s, n) => ({
        ...s,
        name: keywordShardName(record.name, n),
        savedAt: record.savedAt,
      }));
      await store.putKeywords({ ...record, root, shards: named.map(shardChecksum) }, named);
    },
    /** What made part of an opened index unusable since last asked (once), or undefined. */
    takeDamage(): string | undefined {
      const reported = damage;
      damage = undefined;
      return reported;
    },
  };
}

/** Shard `n` of an opened index, read once; undefined (and `report`ed) when it cannot be used. */
function readShard(o: Opened, n: number, report: (reason: string) => void) {
  let reading = o.shards.get(n);
  if (!reading) {
    const name = keywordShardName(o.record.name, n);
    reading = o.store
      .getKeywordShard(o.record.name, n)
      .then((stored) => {
        if (!stored) throw new Error('it is missing');
        if (stored.savedAt !== o.record.savedAt) throw new Error('it is from another save');
        return openShard(stored, o.record.shards[n]!);
      })
      .catch((error: unknown) => {
        report(`keyword index shard ${name} ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      });
    o.shards.set(n, reading);
  }
  return reading;
}

/** How a query is analysed and scored: the index's analyzer, field weights and BM25 parameters. */
interface Scoring {
  processTerm: (term: string) => string | null;
  boosts: number[];
  bm25: { k: number; b: number; d: number };
}

/** A search of an opened index: the shards of the query's terms are read (once), then scored. */
async function searchShards(
  o: Opened,
  query: string,
  k: number,
  scoring: Scoring,
  shard: (o: Opened, n: number) => Promise<KeywordShard | undefined>,
): Promise<KeywordHit[]> {
  const terms = tokenize(query)
    .map((t) => scoring.processTerm(t))
    .filter((t): t is string => Boolean(t));
  const count = o.record.shards.length;
  const shards = await Promise.all(terms.map((t) => shard(o, shardOf(t, count))));
  return scoreShards(o, terms, shards, scoring, k);
}

/** MiniSearch's BM25 (OR of the terms, no coordination) of the postings of `terms` found in `shards`. */
function scoreShards(
  o: Opened,
  terms: readonly string[],
  shards: readonly (KeywordShard | undefined)[],
  { boosts, bm25 }: Scoring,
  k: number,
): KeywordHit[] {
  const { root } = o.record;
  const fields = Object.keys(root.fieldIds).length;
  const total = new Map<number, { score: number; terms: Set<string> }>();
  for (const [i, term] of terms.entries()) {
    const found = shards[i];
    if (!found) continue;
    const scores = new Map<number, number>();
    readPostings(found, term, (fieldId, matching) => {
      const average = root.averageFieldLength[fieldId]!;
      const idf = Math.log(1 + (root.documentCount - matching + 0.5) / (matching + 0.5));
      return (shortId, tf) => {
        const row = o.rows[shortId] ?? -1;
        const length = row < 0 ? 0 : root.fieldLength[row * fields + fieldId]!;
        const raw =
          idf * (bm25.d + (tf * (bm25.k + 1)) / (tf + bm25.k * (1 - bm25.b + (bm25.b * length) / average)));
        const weighted = 1 * 1 * boosts[fieldId]! * 1 * raw;
        scores.set(shortId, (scores.get(shortId) ?? 0) + weighted);
      };
    });
    for (const [shortId, score] of scores) {
      const sum = total.get(shortId);
      if (sum) {
        sum.score = sum.score + score;
        sum.terms.add(term);
      } else total.set(shortId, { score, terms: new Set([term]) });
    }
  }
  // As keywordIndex: MiniSearch's score × matched terms, divided by them again.
  return [...total]
    .map(([shortId, { score, terms: matched }]) => ({
      id: rootId(root, o.rows[shortId]!),
      score: (score * matched.size) / matched.size,
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

/** A saved index opened by its root; throws when the root is damaged. */
function opening(record: StoredKeywords, store: KeywordShardStore): Opened {
  checkRoot(record.root, record.shards);
  const rows = new Int32Array(record.root.nextId).fill(-1);
  for (const [row, shortId] of record.root.shortIds.entries()) rows[shortId] = row;
  return { record, store, rows, shards: new Map() };
}

/** Throws when a root record is not one this version wrote (its arrays disagree). */
function checkRoot(root: KeywordRoot, shards: readonly number[]): void {
  const fields = Object.keys(root.fieldIds ?? {}).length;
  if (
    !(root.shortIds instanceof Uint32Array) ||
    !(root.fieldLength instanceof Uint32Array) ||
    !(root.idPrefix instanceof Uint32Array) ||
    !(root.idNumber instanceof Int32Array) ||
    root.idPrefix.length !== root.shortIds.length ||
    root.idNumber.length !== root.shortIds.length ||
    root.idPrefix.some((p) => p >= root.idPrefixes.length) ||
    root.fieldLength.length !== root.shortIds.length * fields ||
    !Array.isArray(shards) ||
    shards.length === 0 ||
    root.shortIds.some((s) => s >= root.nextId)
  )
    throw new Error('the saved keyword index root is damaged');
}

/** The keyword index type returned by {@link shardedKeywordIndex}. */
export type ShardedKeywordIndex = ReturnType<typeof shardedKeywordIndex>;
