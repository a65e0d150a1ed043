// Link reference definitions (`[label]: https://… "title"`, CommonMark §4.7) and footnotes (`[^1]: text`,
// GFM) of a Markdown text. They are document-wide: a paragraph may use `[text][1]` before `[1]: …` comes,
// so they are read from the whole text, not block by block.

/** `[label]: destination "title"` on one line (the form models write). */
export const LINK_DEFINITION =
  /^ {0,3}\[((?:[^\]\\]|\\.){1,999})\]:[ \t]*(<[^<>\n]*>|\S+)(?:[ \t]+("[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$/;
/** The first line of a footnote definition, `[^label]: text`. */
export const FOOTNOTE_DEFINITION = /^ {0,3}\[\^([^\]\s]{1,99})\]:[ \t]?(.*)$/;
const FENCE = /^ {0,3}(?:`{3,}|~{3,})/;
const FOOTNOTE_REFERENCE = /\[\^([^\]\s]{1,99})\](?!:)/g;

/** The definitions a text's links and footnotes resolve against. */
export interface References {
  links: ReadonlyMap<string, { href: string; title?: string }>;
  /** Footnote label → its Markdown (continuation lines unindented). */
  footnotes: ReadonlyMap<string, string>;
  /** Labels of defined footnotes in the order the text first refers to them (their numbers, from 1). */
  order: readonly string[];
  /** Changes whenever anything above does: text rendered with other references must be rendered again. */
  key: string;
}

export const NO_REFERENCES: References = { links: new Map(), footnotes: new Map(), order: [], key: '' };

/** A label as CommonMark matches it: case-folded, inner whitespace collapsed. */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();
}

/** Whether `line` (after a footnote definition's line) still belongs to it: an indented line. */
export function continuesFootnote(line: string): boolean {
  return /^(?: {2,}|\t)\S/.test(line);
}

/** The link and footnote definitions of `text` (outside code fences); the first definition of a label wins. */
export function referencesOf(text: string): References {
  if (!text.includes(']:')) return NO_REFERENCES;
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
  // Footnote texts are left out: they render only in the footnotes, which are rendered on every update.
  const key = JSON.stringify([...links, ...footnotes.keys(), order]);
  return { links, footnotes, order, key };
}
