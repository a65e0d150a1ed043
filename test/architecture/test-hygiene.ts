// Two checks over the test sources, each a function of a file's text so it can be shown failing on a
// synthetic offender: pages opened outside isolatedPage/isolatedContext, and fixed sleeps used as waits.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One finding: `file:line` and what to do instead. */
export interface Offence {
  where: string;
  problem: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * Pages opened without a context of the test's own: `newContext(` anywhere (use `isolatedContext`), and
 * `x.newPage(` where `x` is not a context the same file got from `isolatedContext(`.
 */
export function unisolatedPages(file: string, text: string): Offence[] {
  const offences: Offence[] = [];
  const own = new Set(
    [...text.matchAll(/(?:const|let)\s+(\w+)\s*=\s*await\s+isolatedContext\(/g)].map((m) => m[1]),
  );
  for (const match of text.matchAll(/\.newContext\(/g))
    offences.push({
      where: `${file}:${lineOf(text, match.index)}`,
      problem:
        'opens a browser context itself: use isolatedContext(browser) inside the test (test/e2e/isolated-page.ts)',
    });
  for (const match of text.matchAll(/(\w+)\??\.newPage\(/g))
    if (!own.has(match[1]))
      offences.push({
        where: `${file}:${lineOf(text, match.index)}`,
        problem: `opens a page on ${match[1]}: use isolatedPage(browser) (a context of the test's own, closed after it)`,
      });
  return offences;
}

/**
 * Fixed sleeps used as a wait: Playwright's `waitForTimeout(`, and `await new Promise(… setTimeout(…))`.
 * A test waits for the state it needs (expect.poll, waitForFunction, an event), never for time.
 */
export function fixedSleeps(file: string, text: string): Offence[] {
  const offences: Offence[] = [];
  const patterns = [/\.waitForTimeout\(/g, /await\s+new\s+Promise\(\s*\(?\s*\w*\s*\)?\s*=>\s*setTimeout\(/g];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern))
      offences.push({
        where: `${file}:${lineOf(text, match.index)}`,
        problem:
          'waits for a fixed time: wait for the state instead (expect.poll, waitForFunction, an event)',
      });
  return offences;
}

/** The TypeScript files under `dirs` (relative to `root`), without dependencies and build output. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'artifacts', '.vitest'].includes(entry.name)) walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return files.map((file) => relative(root, join(root, file)));
}

/** Every offence of `check` in `files`, but those of files `allowed` names (with the reason why). */
export function offences(
  root: string,
  files: string[],
  check: (file: string, text: string) => Offence[],
  allowed: Record<string, string>,
): Offence[] {
  return files
    .filter((file) => !(file in allowed))
    .flatMap((file) => check(file, readFileSync(join(root, file), 'utf8')));
}
