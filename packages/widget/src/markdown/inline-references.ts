// Reference links (`[text][label]`, `[label][]`, `[label]`) and footnote references (`[^label]`) of inline
// Markdown, resolved against the definitions of the whole text (markdown-references.ts).
import { NO_REFERENCES, normalizeLabel, type References } from './markdown-references.js';

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

/**
 * A link to an element of the same shadow root: the page's own fragment navigation looks in the document,
 * not in the shadow root, so the click scrolls to the target and focuses it (it has `tabindex="-1"`).
 */
export function inPageLink(a: HTMLAnchorElement, id: string): HTMLAnchorElement {
  a.href = `#${id}`;
  a.addEventListener('click', (event) => {
    const target = (a.getRootNode() as Document | ShadowRoot).getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'nearest' });
    target.focus();
  });
  return a;
}

export type Link = { label: string; href: string; title?: string | undefined; end: number };

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

/**
 * `[text][label]`, `[label][]` or `[label]` at `at` whose label has a definition: the link (its href and
 * title from the definition, its text from the brackets); undefined otherwise (the brackets stay text).
 */
export function referenceAt(source: string, at: number): Link | undefined {
  if (!references.links.size) return undefined;
  const j = bracketEnd(source, at);
  if (j < 0) return undefined;
  const label = source.slice(at + 1, j);
  let key = label;
  let end = j + 1;
  if (source[end] === '[') {
    const close = source.indexOf(']', end);
    if (close < 0) return undefined;
    if (close > end + 1) key = source.slice(end + 1, close);
    end = close + 1;
  }
  const definition = references.links.get(normalizeLabel(key));
  return definition ? { label, ...definition, end } : undefined;
}

/** `[^label]` at `at` naming a defined footnote: its numbered link (`<sup><a>`) and where it ends. */
export function footnoteAt(source: string, at: number): { node: Node; end: number } | undefined {
  if (!references.order.length || source[at + 1] !== '^') return undefined;
  const j = source.indexOf(']', at);
  const number = j < 0 ? 0 : references.order.indexOf(normalizeLabel(source.slice(at + 2, j))) + 1;
  if (!number) return undefined;
  const sup = document.createElement('sup');
  const a = sup.appendChild(inPageLink(document.createElement('a'), `${idPrefix}fn-${number}`));
  a.id = `${idPrefix}fnref-${number}`;
  a.className = 'footnote-ref';
  a.textContent = String(number);
  return { node: sup, end: j + 1 };
}
