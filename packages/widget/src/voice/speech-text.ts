import { format } from '../i18n/strings.js';

/** What read-aloud says for the parts of an answer it does not read out. */
export interface SpokenPlaceholders {
  /** Instead of a fenced code block. */
  codeSpoken: string;
  /** Instead of a Markdown table; `{rows}` is its number of body rows. */
  tableSpoken: string;
}

/**
 * The text of a Markdown answer as it should be spoken, in pieces short enough for one utterance each:
 * code blocks and tables are summarised, links keep their text, and Markdown marks are dropped.
 */
export function speechPieces(markdown: string, spoken: SpokenPlaceholders): string[] {
  const pieces: string[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    const text = paragraph.join(' ').trim();
    if (text) pieces.push(...sentences(text));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      flush();
      while (++i < lines.length && !lines[i]!.trim().startsWith(fence[1]!));
      pieces.push(spoken.codeSpoken);
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line)) {
      flush();
      let rows = 0;
      while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]!)) {
        if (!/^\s*\|[\s:|-]+\|\s*$/.test(lines[i]!)) rows++;
        i++;
      }
      i--;
      pieces.push(format(spoken.tableSpoken, { rows: Math.max(0, rows - 1) }));
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    paragraph.push(inline(line));
    // Headings and list items are read as their own sentences.
    if (/^\s*(#{1,6}\s|[-*+]\s|\d+[.)]\s)/.test(line)) flush();
  }
  flush();
  return pieces;
}

/** One line without its Markdown marks. */
function inline(line: string): string {
  return line
    .replace(/^\s*(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** Splits long text at sentence ends so that no utterance runs past ~200 characters where it can. */
function sentences(text: string): string[] {
  if (text.length <= 200) return [text];
  return (
    text
      .match(/[^.!?]+(?:[.!?]+|$)\s*/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [text]
  );
}
