import MiniSearch from 'minisearch';
import { keywordAnalyzer } from '../keyword-analyzer.js';
import { KEYWORD_FIELDS, type KeywordIndexOptions, keywordScoring } from '../keyword-index.js';
import { RagInputError } from '../rag-errors.js';
import type { SearchHit } from '../search-hit.js';
import { KnowledgeFileError, KnowledgeIndexVersionError } from './knowledge-index-errors.js';
import { type KnowledgeFileCache, knowledgeFiles } from './knowledge-index-files.js';
import {
  decodeChecksums,
  documentFile,
  KNOWLEDGE_INDEX_FORMAT,
  KNOWLEDGE_INDEX_VERSION,
  type KnowledgeDocumentFile,
  type KnowledgeIndexRoot,
  type KnowledgeShard,
  ROOT_FILE,
  shardOf,
  termsFile,
} from './knowledge-index-format.js';

/** Options of {@link openKnowledgeIndex}. */
export interface OpenKnowledgeIndexOptions {
  fetch?: typeof fetch;
  /** Keeps fetched files across visits (e.g. {@link indexedDBKnowledgeCache}); the HTTP cache is used either way. */
  cache?: KnowledgeFileCache;
  /** Field weights and BM25 parameters; the defaults are the in-browser index's. */
  keyword?: Pick<KeywordIndexOptions, 'boost' | 'bm25'>;
}

/** Ranked chunk ids of a built index (`built:<document>#<chunk>`) and the files that could not be used. */
export interface KnowledgeIndexRanking {
  hits: { id: string; score: number }[];
  errors: KnowledgeFileError[];
}

/** A built index opened by {@link openKnowledgeIndex}. */
export type KnowledgeIndex = Awaited<ReturnType<typeof openKnowledgeIndex>>;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The root file's URL: a folder URL (ending in `/`) gets `index.json`. */
export const knowledgeIndexRootUrl = (url: string) => (url.endsWith('/') ? url + ROOT_FILE : url);

/**
 * Opens a built knowledge index by its folder (`/knowledge/`) or root file URL: reads only the small
 * root; each search then fetches the term shards its words fall in, and the documents of the hits
 * shown. Scores are the in-browser index's BM25 (same analyzer, statistics and formula), so both rank alike.
 */
export async function openKnowledgeIndex(url: string, options: OpenKnowledgeIndexOptions = {}) {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  const rootUrl = new URL(knowledgeIndexRootUrl(url), globalThis.location?.href).href;
  const root = await fetchRoot(rootUrl, fetcher);
  const termSums = decodeChecksums(root.checksums.terms);
  const documentSums = decodeChecksums(root.checksums.documents);
  const files = knowledgeFiles({ rootUrl, build: root.build, fetch: fetcher, cache: options.cache });
  const processTerm = keywordAnalyzer({
    stemming: root.analyzer.stemming,
    ...(root.analyzer.stopWords ? {} : { stopWords: false as const }),
  });
  const { boost, bm25 } = keywordScoring(options.keyword);
  const boosts = KEYWORD_FIELDS.map((field) => boost[field] || 1);
  const idf = (matching: number) => Math.log(1 + (root.chunks - matching + 0.5) / (matching + 0.5));

  async function rank(query: string, n: number): Promise<KnowledgeIndexRanking> {
    const terms = tokenize(query)
      .map((t) => processTerm(t))
      .filter((t): t is string => Boolean(t));
    const shards = [...new Set(terms.map((t) => shardOf(t, root.shards)))];
    const errors: KnowledgeFileError[] = [];
    const loaded = new Map<number, KnowledgeShard>();
    await Promise.all(
      shards.map((s) =>
        files.get<KnowledgeShard>(termsFile(s), termSums[s]!).then(
          (shard) => loaded.set(s, shard),
          (error: unknown) => {
            if (error instanceof KnowledgeFileError) errors.push(error);
            else throw error;
          },
        ),
      ),
    );
    const scores = new Map<string, number>();
    for (const term of terms) {
      const fields = loaded.get(shardOf(term, root.shards))?.terms[term];
      for (const [f, run] of (fields ?? []).entries())
        addScores(scores, run, boosts[f]! * idf(run.length / 4), root.averageFieldLength[f]!, bm25);
    }
    const hits = [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
    return { hits: hits.slice(0, n), errors };
  }

  const document = (n: number) => files.get<KnowledgeDocumentFile>(documentFile(n), documentSums[n]!);

  /** The hits for ranked ids (`built:…`), fetching each hit's document file once; unreadable ones are left out. */
  async function hits(ids: readonly string[]): Promise<Map<string, Omit<SearchHit, 'score'>>> {
    const result = new Map<string, Omit<SearchHit, 'score'>>();
    await Promise.all(
      ids.map(async (id) => {
        const [, d, c] = /^built:(\d+)#(\d+)$/.exec(id) ?? [];
        if (d === undefined) return;
        const file = await document(Number(d)).catch(() => undefined);
        const chunk = file?.chunks[Number(c)];
        if (!file || !chunk) return;
        const documentId = `document:${file.source}`;
        result.set(id, {
          chunkId: `${documentId}#${c}`,
          documentId,
          source: new URL(file.source, rootUrl).href,
          title: file.title,
          ...(chunk[2] ? { section: chunk[2] } : {}),
          text: file.text.slice(chunk[0], chunk[1]),
          metadata: file.metadata,
        });
      }),
    );
    return result;
  }

  return { url: rootUrl, root, rank, hits };
}

/** Adds one term's BM25 scores in one field (MiniSearch's formula) from postings [document delta, chunk, tf, length]. */
function addScores(
  scores: Map<string, number>,
  run: readonly number[],
  weight: number,
  average: number,
  bm25: { k: number; b: number; d: number },
): void {
  let document = 0;
  for (let i = 0; i < run.length; i += 4) {
    document += run[i]!;
    const tf = run[i + 2]!;
    const norm = bm25.k * (1 - bm25.b + (bm25.b * run[i + 3]!) / average);
    const id = `built:${document}#${run[i + 1]}`;
    scores.set(id, (scores.get(id) ?? 0) + weight * (bm25.d + (tf * (bm25.k + 1)) / (tf + norm)));
  }
}

async function fetchRoot(rootUrl: string, fetcher: typeof fetch): Promise<KnowledgeIndexRoot> {
  let response: Response;
  try {
    // no-cache: the root is small and says which shards are current, so it is always revalidated.
    response = await fetcher(rootUrl, { cache: 'no-cache', credentials: 'same-origin' });
  } catch (error) {
    throw new KnowledgeFileError(
      'knowledge_file_missing',
      rootUrl,
      `could not be fetched (${String(error)})`,
    );
  }
  if (!response.ok)
    throw new KnowledgeFileError('knowledge_file_missing', rootUrl, `answered HTTP ${response.status}`);
  const root = (await response.json().catch(() => undefined)) as Partial<KnowledgeIndexRoot> | undefined;
  if (root?.format !== KNOWLEDGE_INDEX_FORMAT)
    throw new RagInputError(
      `${rootUrl} is not a built knowledge index (no "format": "${KNOWLEDGE_INDEX_FORMAT}"); build one with \`npx @agent-chat/core knowledge build\`.`,
    );
  if (root.version !== KNOWLEDGE_INDEX_VERSION)
    throw new KnowledgeIndexVersionError(rootUrl, root.version, KNOWLEDGE_INDEX_VERSION);
  return root as KnowledgeIndexRoot;
}
