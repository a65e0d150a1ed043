import { ConfigurationError } from '../errors.js';

/**
 * Throws a {@link ConfigurationError} for an option `fn` does not know (`keys`, and `nested` option objects
 * such as `limits`), naming the closest valid one, also across levels (`createAgent({ maxTurns })` →
 * `limits.maxTurns`): plain-JS and script-tag users get no type error, and an ignored option fails silently.
 * Kept small: `defineTool` is in the widget's entry.
 */
export function rejectUnknownOptions(
  fn: string,
  given: object,
  keys: readonly string[],
  nested: Record<string, readonly string[]> = {},
): void {
  const paths = [...keys];
  for (const [parent, inner] of Object.entries(nested))
    for (const key of inner) paths.push(`${parent}.${key}`);
  for (const [key, value] of Object.entries(given)) {
    const bad = !keys.includes(key)
      ? key
      : nested[key] && value && typeof value === 'object'
        ? Object.keys(value)
            .map((inner) => `${key}.${inner}`)
            .find((path) => !paths.includes(path))
        : undefined;
    if (bad === undefined) continue;
    // Compared by the last name, so a nested option given at the top is found.
    const leaf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
    let closest: string | undefined;
    let best = 3;
    for (const path of paths) {
      const d = distance(leaf(bad), leaf(path));
      if (d < best) [closest, best] = [path, d];
    }
    throw new ConfigurationError(
      `${fn}: unknown option "${bad}".${closest ? ` Did you mean "${closest}"?` : ''} Valid options: ${paths.join(', ')}.`,
    );
  }
}

/** Levenshtein distance, one row. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
