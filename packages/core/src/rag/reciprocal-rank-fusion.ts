/** One ranked list to fuse: ids best first. */
export type RankedIds = readonly string[];

/** A fused result: its RRF score and its 1-based rank in each list it appeared in. */
export interface FusedHit {
  id: string;
  score: number;
  ranks: (number | undefined)[];
}

/**
 * Reciprocal Rank Fusion (Cormack et al., 2009): score(d) = Σ 1 / (k + rank(d)). It needs no score
 * calibration between BM25 and cosine, which is why it fuses keyword and vector results here.
 */
export function reciprocalRankFusion(lists: readonly RankedIds[], k = 60): FusedHit[] {
  const fused = new Map<string, FusedHit>();
  lists.forEach((list, which) => {
    list.forEach((id, i) => {
      let hit = fused.get(id);
      if (!hit) {
        hit = { id, score: 0, ranks: lists.map(() => undefined) };
        fused.set(id, hit);
      }
      hit.score += 1 / (k + i + 1);
      hit.ranks[which] = i + 1;
    });
  });
  return [...fused.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
