// Link reference definitions (`[label]: https://… "title"`, CommonMark §4.7) and footnotes (`[^1]: text`,
// GFM) of a Markdown text, resolved (in the extras' chunk, see extras-loader.ts). They are document-wide: a paragraph may use `[text][1]` before `[1]: …` comes,
// so they are read from the whole text, not block by block.
import { continuesFootnote, FOOTNOTE_DEFINITION, LINK_DEFINITION, type References } from './definitions.js';
import { bracketEnd, type Link } from './inline-references.js';
import { markdownStrings } from './markdown-strings.js';

const FENCE = /^ {0,3}(?:`{3,}|~{3,})/;
const FOOTNOTE_REFERENCE = /\[\^([^\]\s]{1,99})\](?!:)/g;

/** A label as CommonMark matches it: case-folded, inner whitespace collapsed. */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();
}

/**
 * A link to an element of the same shadow root: the page's own fragment navigation looks in the document,
 * not in the shadow root, so the click scrolls to the target and focuses it (it has `tabindex="-1"`).
 */
function inPageLink(id: string): HTMLAnchorElement {
  const a = document.createElement('a');
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

/** The link and footnote definitions of `text` (outside code fences); the first definition of a label wins. */
export function referencesOf(text: string): References {
  const links = new Map<string, { href: string; title?: string }>();
  const footnotes = new Map<string, string>();
  const lines = text.split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) continue;
    const note = FOOTNOTE_DEFINITION.exec(line);
    if (note) {
      const body = [note[2]!];
      while (i + 1 < lines.length && continuesFootnote(lines[i + 1]!))
        body.push(lines[++i]!.replace(/^(?: {1,4}|\t)/, ''));
      const label = normalizeLabel(note[1]!);
      if (!footnotes.has(label)) footnotes.set(label, body.join('\n'));
      continue;
    }
    const link = LINK_DEFINITION.exec(line);
    if (link) {
      const label = normalizeLabel(link[1]!);
      const href = link[2]!.replace(/^<(.*)>$/, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1');
      if (label && !links.has(label))
        links.set(label, { href, ...(link[3] ? { title: link[3].slice(1, -1) } : {}) });
    }
  }
  const order: string[] = [];
  if (footnotes.size)
    for (const [, label] of text.matchAll(FOOTNOTE_REFERENCE)) {
      const normal = normalizeLabel(label!);
      if (footnotes.has(normal) && !order.includes(normal)) order.push(normal);
    }
  return {
    // Footnote texts are left out: they render only in the footnotes, which are rendered on every update.
    key: JSON.stringify([...links, ...footnotes.keys(), order]),
    linkAt: (source, at) => linkAt(links, source, at),
    footnoteAt: (source, at, prefix) => {
      const j = source.indexOf(']', at);
      const number = j < 0 ? 0 : order.indexOf(normalizeLabel(source.slice(at + 2, j))) + 1;
      if (!number) return undefined;
      const sup = document.createElement('sup');
      const a = sup.appendChild(inPageLink(`${prefix}fn-${number}`));
      a.id = `${prefix}fnref-${number}`;
      a.className = 'footnote-ref';
      a.textContent = String(number);
      return { node: sup, end: j + 1 };
    },
    footnotes: (prefix, renderInto) => renderFootnotes(order, footnotes, prefix, renderInto),
  };
}

/**
 * `[text][label]`, `[label][]` or `[label]` at `at` whose label has a definition: the link (its href and
 * title from the definition, its text from the brackets); undefined otherwise.
 */
function linkAt(
  links: ReadonlyMap<string, { href: string; title?: string }>,
  source: string,
  at: number,
): Link | undefined {
  if (!links.size) return undefined;
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
  const definition = links.get(normalizeLabel(key));
  return definition ? { label, ...definition, end } : undefined;
}

/**
 * The footnotes of a text, numbered in the order it refers to them (GFM): a `<section class="footnotes">`
 * whose items link back to their first reference; undefined when no defined footnote is referred to.
 */
function renderFootnotes(
  order: readonly string[],
  footnotes: ReadonlyMap<string, string>,
  prefix: string,
  renderInto: (markdown: string, parent: Node) => void,
): HTMLElement | undefined {
  if (!order.length) return undefined;
  const box = document.createElement('div');
  box.className = 'block';
  const section = box.appendChild(document.createElement('section'));
  section.className = 'footnotes';
  section.setAttribute('aria-label', markdownStrings().footnotes ?? 'Footnotes');
  const list = section.appendChild(document.createElement('ol'));
  order.forEach((label, index) => {
    const number = index + 1;
    const item = list.appendChild(document.createElement('li'));
    item.id = `${prefix}fn-${number}`;
    item.tabIndex = -1;
    renderInto(footnotes.get(label) ?? '', item);
    const back = inPageLink(`${prefix}fnref-${number}`);
    back.className = 'footnote-back';
    back.setAttribute('aria-label', `Back to reference ${number}`);
    back.textContent = '↩';
    item.append(' ', back);
  });
  return box;
}
