// What the block lexer and the inline parser need to know of link reference definitions (`[label]: url
// "title"`, CommonMark §4.7) and footnotes (`[^1]: text`, GFM), always loaded with the engine; resolving
// them (markdown-references.ts) is in the extras' chunk, loaded only for a text that may have a definition.

/** `[label]: destination "title"` on one line (the form models write). */
export const LINK_DEFINITION =
  /^ {0,3}\[((?:[^\]\\]|\\.){1,999})\]:[ \t]*(<[^<>\n]*>|\S+)(?:[ \t]+("[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$/;
/** The first line of a footnote definition, `[^label]: text`. */
export const FOOTNOTE_DEFINITION = /^ {0,3}\[\^([^\]\s]{1,99})\]:[ \t]?(.*)$/;

/** Whether `line` (after a footnote definition's line) still belongs to it: an indented line. */
export function continuesFootnote(line: string): boolean {
  return /^(?: {2,}|\t)\S/.test(line);
}

/** A resolved reference link: its text, destination, optional title, and where the source after it starts. */
export type Link = { label: string; href: string; title?: string | undefined; end: number };

/** The definitions of a whole text, as the renderer uses them. */
export interface References {
  /** Changes whenever what the text's links and footnote numbers resolve to does (render again then). */
  key: string;
  /** A reference link at `at` (a `[`) whose label is defined. */
  linkAt(source: string, at: number): Link | undefined;
  /** A footnote reference at `at` (a `[`, then `^`) whose footnote is defined: its numbered link. */
  footnoteAt(source: string, at: number, prefix: string): { node: Node; end: number } | undefined;
  /** The footnotes section (`renderInto` renders a footnote's Markdown), or undefined when none is used. */
  footnotes(prefix: string, renderInto: (markdown: string, parent: Node) => void): HTMLElement | undefined;
}

/** A text without definitions. */
export const NO_REFERENCES: References = {
  key: '',
  linkAt: () => undefined,
  footnoteAt: () => undefined,
  footnotes: () => undefined,
};
