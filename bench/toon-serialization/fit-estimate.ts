// Fits the token estimate's weights (one per character class of estimateFeatures) by least squares on
// relative error, Σ (estimate/exact − 1)², keeping every weight ≥ 0 (a class with a negative weight is
// dropped and the rest refitted). Small and exact: normal equations solved by Gaussian elimination.

/** One fitting example: the text's feature counts and its exact token count. */
export interface FitSample {
  features: number[];
  tokens: number;
}

/** Non-negative weights minimising the squared relative error over `samples`, rounded to 3 decimals. */
export function fitWeights(samples: readonly FitSample[]): number[] {
  const width = samples[0]?.features.length ?? 0;
  const active = new Set(Array.from({ length: width }, (_, i) => i));
  for (;;) {
    const columns = [...active];
    const solution = solve(
      columns.map((a) =>
        columns.map((b) => sum(samples, (s) => (s.features[a]! * s.features[b]!) / s.tokens ** 2)),
      ),
      columns.map((a) => sum(samples, (s) => s.features[a]! / s.tokens)),
    );
    const negative = columns.filter((_, k) => solution[k]! < 0);
    if (negative.length === 0) {
      const weights = new Array<number>(width).fill(0);
      for (const [k, column] of columns.entries()) weights[column] = Math.round(solution[k]! * 1000) / 1000;
      return weights;
    }
    for (const column of negative) active.delete(column);
  }
}

const sum = (samples: readonly FitSample[], term: (s: FitSample) => number) =>
  samples.reduce((total, s) => total + term(s), 0);

/** Solves A x = b (A symmetric positive semi-definite); an all-zero row gives 0. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = m[row]![col]! / p;
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}
