const warned = new Set<string>();

/** Edit distance of two short names, a swap of two neighbours counting as one edit (`modle` → `model`). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  return at(a.length, b.length);
}

/** The known attribute closest to `name`, when it is close enough to be what was meant. */
export function closestAttribute(name: string, known: readonly string[]): string | undefined {
  // `proxyUrl` in HTML arrives as `proxyurl`: compare without dashes too.
  const bare = name.replaceAll('-', '');
  const letters = [...bare].sort().join('');
  let best: { name: string; score: number } | undefined;
  for (const candidate of known) {
    const plain = candidate.replaceAll('-', '');
    // Same letters in another order (a swap) beats a dropped letter at the same distance: `modle` is `model`.
    const anagram = [...plain].sort().join('') === letters ? 0 : 0.5;
    const score = Math.min(distance(name, candidate), distance(bare, plain)) + anagram;
    if (!best || score < best.score) best = { name: candidate, score };
  }
  return best && best.score <= Math.max(2.5, name.length / 4) ? best.name : undefined;
}

/** Warns once per page when `name` is close to a known attribute, naming it. */
export function warnIfMisspelled(name: string, known: readonly string[]): void {
  const meant = closestAttribute(name, known);
  if (!meant || warned.has(name)) return;
  warned.add(name);
  console.warn(`<agent-chat>: unknown attribute "${name}" is ignored; did you mean "${meant}"?`);
}
