import { closestNames } from '../agent/closest-names.js';
import { ConfigurationError } from '../errors.js';

/** The valid option names of a function, and of its nested option objects (e.g. `limits`). */
export interface KnownOptions {
  keys: readonly string[];
  nested?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Throws a {@link ConfigurationError} for an option `fn` does not know, naming the closest valid one, also
 * across levels (`createAgent({ maxTurns })` → `limits.maxTurns`): plain-JS and script users get no type
 * error, and an ignored option would fail silently.
 */
export function rejectUnknownOptions(fn: string, given: unknown, known: KnownOptions): void {
  if (typeof given !== 'object' || given === null) return;
  const paths = [
    ...known.keys,
    ...Object.entries(known.nested ?? {}).flatMap(([parent, keys]) => keys.map((k) => `${parent}.${k}`)),
  ];
  for (const key of Object.keys(given)) {
    if (!known.keys.includes(key)) throw unknown(fn, key, paths);
    const inner = known.nested?.[key];
    const value = (given as Record<string, unknown>)[key];
    if (!inner || typeof value !== 'object' || value === null) continue;
    for (const innerKey of Object.keys(value))
      if (!inner.includes(innerKey)) throw unknown(fn, `${key}.${innerKey}`, paths);
  }
}

function unknown(fn: string, path: string, paths: readonly string[]): ConfigurationError {
  const leaf = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  // Compared by the last name: `maxTurns` given at the top is `limits.maxTurns`.
  const byLeaf = new Map(paths.map((p) => [p, p.slice(p.lastIndexOf('.') + 1)]));
  const exact = paths.find((p) => byLeaf.get(p)!.toLowerCase() === leaf);
  const closest = exact ?? nearest(leaf, paths, byLeaf);
  const hint = closest ? ` Did you mean "${closest}"?` : '';
  return new ConfigurationError(
    `${fn}: unknown option "${path}".${hint} Valid options: ${paths.join(', ')}.`,
  );
}

function nearest(leaf: string, paths: readonly string[], byLeaf: Map<string, string>): string | undefined {
  const [best] = closestNames(leaf, [...byLeaf.values()], 1);
  if (!best) return undefined;
  // Too far apart to be a typo of it: name none rather than a random option.
  if (distance(leaf, best.toLowerCase()) > Math.max(2, Math.floor(best.length / 3))) return undefined;
  return paths.find((p) => byLeaf.get(p) === best);
}

function distance(a: string, b: string): number {
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
