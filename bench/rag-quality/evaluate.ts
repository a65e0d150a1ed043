import type { Cranfield } from './cranfield.ts';
import { averagePrecisionAt, ndcgAt } from './metrics.ts';

/** Mean nDCG@10 and MAP@100 of `search` (returns doc ids, best first) over every query. */
export async function evaluate(
  collection: Cranfield,
  search: (query: string) => Promise<string[]> | string[],
): Promise<{ ndcg10: number; map100: number; msPerQuery: number }> {
  let ndcg = 0;
  let ap = 0;
  const start = performance.now();
  for (const [i, query] of collection.queries.entries()) {
    const ranked = await search(query);
    ndcg += ndcgAt(10, ranked, collection.qrels[i]!);
    ap += averagePrecisionAt(100, ranked, collection.qrels[i]!);
  }
  const n = collection.queries.length;
  return { ndcg10: ndcg / n, map100: ap / n, msPerQuery: (performance.now() - start) / n };
}
