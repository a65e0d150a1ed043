/** nDCG@k with linear gains (trec_eval's ndcg_cut): sum rel/log2(rank+1) over the ideal ordering's. */
export function ndcgAt(k: number, ranked: readonly string[], qrels: ReadonlyMap<string, number>): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (qrels.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...qrels.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, rel, i) => sum + rel / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** Average precision over the top `k` (MAP@k when averaged over queries); relevant = grade > 0. */
export function averagePrecisionAt(
  k: number,
  ranked: readonly string[],
  qrels: ReadonlyMap<string, number>,
): number {
  if (qrels.size === 0) return 0;
  let hits = 0;
  let sum = 0;
  ranked.slice(0, k).forEach((id, i) => {
    if ((qrels.get(id) ?? 0) > 0) {
      hits++;
      sum += hits / (i + 1);
    }
  });
  // trec_eval divides by every relevant document, retrieved or not.
  return sum / qrels.size;
}
