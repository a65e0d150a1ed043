import type { Chunk } from './knowledge-document.js';
import { RagInputError } from './rag-errors.js';

/** Options of {@link chunkText}. */
export interface ChunkOptions {
  /** Longest chunk in characters; default 500. */
  size?: number;
  /** Characters repeated from the end of one chunk at the start of the next; default 50. */
  overlap?: number;
}

/** A run of text under one heading path. */
interface Section {
  path: string | undefined;
  start: number;
  end: number;
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/gm;

/** Splits Markdown-style text at ATX headings; each section knows its heading path (`A > B`). */
export function splitSections(text: string): Section[] {
  const sections: Section[] = [];
  const trail: string[] = [];
  let start = 0;
  let path: string | undefined;
  for (const match of text.matchAll(HEADING)) {
    if (match.index > start) sections.push({ path, start, end: match.index });
    const level = match[1]!.length;
    trail.length = Math.min(trail.length, level - 1);
    trail[level - 1] = match[2]!.trim();
    path = trail.filter(Boolean).join(' > ');
    start = match.index;
  }
  if (start < text.length) sections.push({ path, start, end: text.length });
  return sections;
}

/** Where to end a chunk that starts at `from` and may not pass `limit`: the last paragraph, line, sentence or word break. */
function breakPoint(text: string, from: number, limit: number): number {
  const window = text.slice(from, limit);
  const floor = Math.floor(window.length / 2);
  for (const pattern of [/\n\s*\n/g, /\n/g, /[.!?;:](?=\s)/g, /\s/g]) {
    let last = -1;
    for (const match of window.matchAll(pattern))
      if (match.index >= floor) last = match.index + match[0].length;
    if (last > 0) return from + last;
  }
  return limit;
}

/**
 * Cuts text into chunks that never cross a section (Markdown heading), each at most `size` characters,
 * ending at the most natural break and overlapping the previous one by about `overlap` characters.
 */
export function chunkText(documentId: string, text: string, options: ChunkOptions = {}): Chunk[] {
  const size = options.size ?? 500;
  const overlap = options.overlap ?? 50;
  if (!Number.isInteger(size) || size < 50)
    throw new RagInputError(`chunkSize must be an integer of at least 50 characters, got ${size}.`);
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size / 2)
    throw new RagInputError(
      `chunkOverlap must be an integer from 0 to less than half of chunkSize, got ${overlap}.`,
    );
  const chunks: Chunk[] = [];
  const push = (start: number, end: number, section: string | undefined) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (!body) return;
    chunks.push({
      id: `${documentId}#${chunks.length}`,
      documentId,
      index: chunks.length,
      text: body,
      ...(section ? { section } : {}),
      start: start + lead,
      end: start + lead + body.length,
    });
  };
  for (const { path, start, end } of splitSections(text)) {
    let from = start;
    while (from < end) {
      if (end - from <= size) {
        push(from, end, path);
        break;
      }
      const cut = breakPoint(text, from, from + size);
      push(from, cut, path);
      // Start the next chunk `overlap` characters back, moved forward to a word start.
      let next = Math.max(cut - overlap, from + 1);
      while (next < cut && !/\s/.test(text[next - 1] ?? ' ')) next++;
      from = next;
    }
  }
  return chunks;
}
