// Reference links (`[text][label]`, `[label][]`, `[label]`) and footnote references (`[^label]`) of inline
// Markdown, resolved against the definitions of the whole text (definitions.ts, markdown-references.ts).
import { type Link, NO_REFERENCES, type References } from './definitions.js';

let references: References = NO_REFERENCES;
let idPrefix = '';

/**
 * Renders with `refs` as what reference links and footnotes resolve against; `prefix` starts the ids of
 * footnote links (unique per answer: several answers share one shadow root). The engine is synchronous, so
 * the references are set around one render rather than passed through every call.
 */
export function withReferences<T>(refs: References, prefix: string, render: () => T): T {
  const before = [references, idPrefix] as const;
  references = refs;
  idPrefix = prefix;
  try {
    return render();
  } finally {
    [references, idPrefix] = before;
  }
}

export type { Link };

/** Where the bracket opened at `at` closes (nested brackets and escapes skipped), or -1. */
export function bracketEnd(source: string, at: number): number {
  let depth = 0;
  for (let j = at; j < source.length; j++) {
    const ch = source[j];
    if (ch === '\\') j++;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) return j;
  }
  return -1;
}

/** A reference link at `at` whose label is defined; undefined otherwise (the brackets stay text). */
export function referenceAt(source: string, at: number): Link | undefined {
  return references.linkAt(source, at);
}

/** `[^label]` at `at` naming a defined footnote: its numbered link (`<sup><a>`) and where it ends. */
export function footnoteAt(source: string, at: number): { node: Node; end: number } | undefined {
  return source[at + 1] === '^' ? references.footnoteAt(source, at, idPrefix) : undefined;
}
