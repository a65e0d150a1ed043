/**
 * Figures a benchmark produces, stated in prose: gzip sizes ("7.1 KB gzip", "4 kB gzipped", "26,410 bytes
 * gzip"), ratios against a peer ("0.43×") and retrieval scores ("nDCG@10 0.82", "recall@3 78.2%"). Limits a
 * document sets (a 5 MB file cap, 10 KB pages, a 25 ms test delay) are not matched: they carry none of
 * these units.
 */
const FIGURE =
  /(\d[\d,]*(?:\.\d+)?)\s?(KB|kB|KiB|bytes)\s+gzip(?:ped)?\b|(\d+(?:\.\d+)?)×|\b(nDCG|recall|MRR)@\d+\s*(?:of|=|:)?\s*(\d+(?:\.\d+)?%?)/g;

/**
 * The benchmark figures `markdown` states that `results` (bench/results/README.md, which the bench runner
 * writes) does not have: copied figures that went stale, or were never measured. A size counts as present
 * when the results state the same number of KiB or bytes; a ratio or a score when they state it verbatim.
 */
export function staleBenchFigures(markdown: string, results: string): string[] {
  const stale: string[] = [];
  for (const m of markdown.matchAll(FIGURE)) {
    const [whole, size, unit, ratio, score, value] = m;
    const present =
      size !== undefined
        ? unit === 'bytes'
          ? results.includes(`${size} bytes`)
          : results.includes(`(${size} KiB)`)
        : ratio !== undefined
          ? results.includes(`${ratio}×`)
          : new RegExp(`${score}@\\d+[^\\n]*\\b${value!.replace(/[.%]/g, '\\$&')}`).test(results);
    if (!present) stale.push(whole.trim());
  }
  return stale;
}
