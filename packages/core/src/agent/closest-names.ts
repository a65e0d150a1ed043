/**
 * `candidates` ordered by how close they are to `wanted` (edit distance of the names without their
 * `mcp__{server}__` prefix, a contained name first), at most `limit`: what `load_tools` suggests for a
 * name it does not know.
 */
export function closestNames(wanted: string, candidates: readonly string[], limit = 5): string[] {
  const target = bare(wanted).toLowerCase();
  return candidates
    .map((name) => {
      const plain = bare(name).toLowerCase();
      const contains = plain.includes(target) || target.includes(plain);
      return { name, score: editDistance(target, plain) - (contains ? 100 : 0) };
    })
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}

function bare(name: string): string {
  return name.replace(/^mcp__[a-zA-Z0-9-]+__/, '');
}

/** Levenshtein distance, two rows. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}
