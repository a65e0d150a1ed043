// Measures each library on Cranfield; bundled by index.ts with esbuild, because Node cannot load
// @agent-chat/core's TypeScript source (imports with .js extensions) without a build.
import { type KeywordIndexOptions, keywordIndex } from '@agent-chat/core';
import { create, insertMultiple, search } from '@orama/orama';
import MiniSearch from 'minisearch';
import { type Cranfield, loadCranfield } from './cranfield.ts';
import { evaluate } from './evaluate.ts';

/** Scores of one subject: over all queries, and over the odd- and even-numbered halves. */
export interface QualityResult {
  subject: string;
  ndcg10: number;
  map100: number;
  msPerQuery: number;
  halves: { odd: number; even: number };
}

/**
 * agent-chat's settings that were chosen by measuring on Cranfield, each as the alternative it was
 * chosen over; and the untuned start: the same analyzer with MiniSearch's own search defaults.
 */
export const VARIANTS: Record<string, { label: string; options: KeywordIndexOptions }> = {
  title_boost: {
    label: 'agent-chat with a title boost of 1.5 (rejected on Cranfield)',
    options: { boost: { title: 1.5 } },
  },
  coordination: {
    label: "agent-chat with MiniSearch's coordination factor (rejected on Cranfield)",
    options: { coordination: true },
  },
  untuned: {
    label:
      "agent-chat untuned: same analyzer, MiniSearch's search defaults (BM25+ k 1.2 b 0.7 d 0.5, coordination)",
    options: { coordination: true, bm25: { k: 1.2, b: 0.7, d: 0.5 } },
  },
  no_stemming: { label: 'agent-chat without Porter stemming', options: { stemming: false } },
  no_stop_words: { label: 'agent-chat without stop words', options: { stopWords: false } },
};

/** The collection restricted to the odd- or even-numbered queries (1-based). */
function half(collection: Cranfield, parity: 0 | 1): Cranfield {
  const keep = (_: unknown, i: number) => (i + 1) % 2 === parity;
  return { ...collection, queries: collection.queries.filter(keep), qrels: collection.qrels.filter(keep) };
}

async function scored(
  subject: string,
  collection: Cranfield,
  search: (query: string) => Promise<string[]> | string[],
): Promise<QualityResult> {
  const all = await evaluate(collection, search);
  // The two halves together are a second, warm pass over every query: that pass is the one timed.
  const oddSet = half(collection, 1);
  const evenSet = half(collection, 0);
  const odd = await evaluate(oddSet, search);
  const even = await evaluate(evenSet, search);
  const msPerQuery =
    (odd.msPerQuery * oddSet.queries.length + even.msPerQuery * evenSet.queries.length) /
    collection.queries.length;
  return { subject, ...all, msPerQuery, halves: { odd: odd.ndcg10, even: even.ndcg10 } };
}

/** Runs every subject over the collection in `dir`. */
export async function measureQuality(dir: string): Promise<QualityResult[]> {
  const collection = loadCranfield(dir);
  const results: QualityResult[] = [];
  const ours = (options: KeywordIndexOptions) => {
    const index = keywordIndex(options);
    index.add(collection.docs);
    return (query: string) => index.search(query, 100).map((hit) => hit.id);
  };

  results.push(await scored('agent-chat', collection, ours({})));
  for (const [key, { options }] of Object.entries(VARIANTS))
    results.push(await scored(`variant:${key}`, collection, ours(options)));

  const mini = new MiniSearch<{ id: string; title: string; text: string }>({ fields: ['title', 'text'] });
  mini.addAll(collection.docs);
  results.push(
    await scored('minisearch', collection, (query) =>
      mini
        .search(query)
        .slice(0, 100)
        .map((result) => String(result.id)),
    ),
  );

  const db = create({ schema: { id: 'string', title: 'string', text: 'string' } as const });
  await insertMultiple(db, collection.docs);
  results.push(
    await scored('orama', collection, async (query) =>
      (await search(db, { term: query, limit: 100 })).hits.map((hit) => hit.document.id),
    ),
  );
  return results;
}
