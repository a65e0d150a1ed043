// The few words the Markdown renderer writes itself (a diagram's source, the footnotes' label), in the
// element's language: each render first says whose strings apply (renders are synchronous, one at a time);
// the lazy chunks that write the words keep their English defaults, so the first chat carries none of them.
import type { AgentChatStrings } from '../i18n/strings-en.js';

export type MarkdownStrings = Pick<
  AgentChatStrings,
  'diagramSource' | 'diagramFailed' | 'diagramAlt' | 'footnotes'
>;

let current: MarkdownStrings = {};

/** The strings of the render going on now. */
export function markdownStrings(): MarkdownStrings {
  return current;
}

/** Sets the strings of the renders that follow (an element's resolved strings, or none: English). */
export function setMarkdownStrings(strings: MarkdownStrings | undefined): void {
  current = strings ?? {};
}
