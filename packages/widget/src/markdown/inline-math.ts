// Where a formula starts and ends in inline Markdown: `$$…$$` and `\[…\]` (display), `$…$` and `\(…\)`
// (inline). A single `$` opens only before a non-space and closes only after a non-space and before a
// non-digit (as Pandoc reads it), so prices ("from $5 to $10") stay text.
import { renderMath } from './math.js';

const DELIMITERS: ReadonlyArray<readonly [open: string, close: string, display: boolean]> = [
  ['$$', '$$', true],
  ['\\[', '\\]', true],
  ['\\(', '\\)', false],
  ['$', '$', false],
];

/** The formula starting at `at` (a `$` or `\`): its node and where it ends; undefined if there is none. */
export function mathAt(source: string, at: number): { node: Node; end: number } | undefined {
  for (const [open, close, display] of DELIMITERS) {
    if (!source.startsWith(open, at)) continue;
    const from = at + open.length;
    const end = open === '$' ? dollarCloser(source, from) : source.indexOf(close, from);
    if (end < 0) continue;
    const tex = source.slice(from, end);
    if (!tex.trim()) continue;
    return { node: renderMath(tex.trim(), display, open, close), end: end + close.length };
  }
  return undefined;
}

/** The `$` that closes a formula opened by a single `$` just before `from`, or -1. */
function dollarCloser(source: string, from: number): number {
  if (/[\s$]/.test(source[from] ?? ' ')) return -1;
  for (let j = source.indexOf('$', from); j >= 0; j = source.indexOf('$', j + 1)) {
    if (source[j - 1] === '\\') continue;
    if (/\s/.test(source[j - 1]!) || /\d/.test(source[j + 1] ?? '')) continue;
    return j;
  }
  return -1;
}
