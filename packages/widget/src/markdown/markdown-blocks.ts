// The block structure of Markdown (GitHub flavour, the parts models write): headings, paragraphs, fenced
// and indented code, lists (nested, ordered, tasks), blockquotes, tables, rules. Raw HTML is not a block
// kind: it stays paragraph text and renders as text. Each block keeps its `raw` source, and the raws of
// `lexBlocks(text)` joined are `text`, so a streaming renderer can tell how far the finished blocks reach.
import { continuesFootnote, FOOTNOTE_DEFINITION, LINK_DEFINITION } from './definitions.js';

/** One block of a Markdown text; `raw` is its source (blank lines are `space` blocks). */
export type Block =
  | { type: 'space'; raw: string }
  | { type: 'paragraph'; raw: string; text: string }
  | { type: 'heading'; raw: string; depth: number; text: string }
  | { type: 'code'; raw: string; lang: string; text: string }
  | { type: 'hr'; raw: string }
  | { type: 'blockquote'; raw: string; blocks: Block[] }
  | { type: 'list'; raw: string; ordered: boolean; start: number; loose: boolean; items: ListItem[] }
  | { type: 'table'; raw: string; align: Align[]; header: string[]; rows: string[][] }
  /** Link reference and footnote definitions: they render where they are used, not here. */
  | { type: 'definition'; raw: string };

/** A list item: its blocks, and for a task item whether it is checked. */
export interface ListItem {
  task?: boolean;
  blocks: Block[];
}

export type Align = 'left' | 'center' | 'right' | undefined;

/** A block before its `raw` is known. */
type Draft = { [K in Block['type']]: Omit<Extract<Block, { type: K }>, 'raw'> }[Block['type']];

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))??(?:[ \t]+#+)?[ \t]*$/;
const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const TASK = /^\[([ xX])\][ \t]+/;

/** The blocks of a Markdown text, in order. */
export function lexBlocks(text: string): Block[] {
  return lex(text.match(/[^\n]*\n|[^\n]+$/g) ?? []);
}

// The lexer's cursor: the lines being read and the next one to read. lex() saves and restores it around
// a nested call (a blockquote's or a list item's content), so the steps below read these two directly.
let lines: string[] = [];
let i = 0;

function lex(source: string[]): Block[] {
  const outer = lines;
  const at = i;
  lines = source;
  i = 0;
  const blocks: Block[] = [];
  while (i < lines.length) {
    const start = i;
    const block = next();
    blocks.push({ ...block, raw: lines.slice(start, i).join('') } as Block);
  }
  lines = outer;
  i = at;
  return blocks;
}

/** The block at the cursor, moving the cursor past it. */
function next(): Draft {
  const line = strip(lines[i]!);
  if (!line.trim()) {
    while (i < lines.length && !strip(lines[i]!).trim()) i++;
    return { type: 'space' };
  }
  const fence = FENCE.exec(line);
  if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
    const indent = line.length - line.trimStart().length;
    const close = new RegExp(`^ {0,3}${fence[1]![0]}{${fence[1]!.length},}[ \\t]*$`);
    const body: string[] = [];
    // An unclosed fence runs to the end (while streaming, the rest of the code has not come yet).
    for (i++; i < lines.length; i++) {
      const l = strip(lines[i]!);
      if (close.test(l)) {
        i++;
        break;
      }
      body.push(l.replace(new RegExp(`^ {0,${indent}}`), ''));
    }
    return { type: 'code', lang: fence[2]!.trim().split(/\s+/)[0]!, text: body.join('\n') };
  }
  if (/^(?: {4}|\t)/.test(line)) {
    const body: string[] = [];
    while (i < lines.length && (/^(?: {4}|\t)/.test(lines[i]!) || !lines[i]!.trim()))
      body.push(strip(lines[i++]!));
    while (!body.at(-1)?.trim()) {
      body.pop();
      i--;
    }
    return { type: 'code', lang: '', text: body.map((l) => l.replace(/^(?: {4}|\t)/, '')).join('\n') };
  }
  const heading = HEADING.exec(line);
  if (heading) {
    i++;
    return { type: 'heading', depth: heading[1]!.length, text: heading[2] ?? '' };
  }
  if (HR.test(line)) {
    i++;
    return { type: 'hr' };
  }
  if (QUOTE.test(line)) {
    const body: string[] = [];
    while (i < lines.length) {
      const l = lines[i]!;
      if (QUOTE.test(l)) body.push(l.replace(QUOTE, ''));
      else if (l.trim() && body.at(-1)?.trim() && !startsBlock(strip(l))) body.push(l);
      else break;
      i++;
    }
    return { type: 'blockquote', blocks: lex(body) };
  }
  if (ITEM.test(line)) return list();
  if (FOOTNOTE_DEFINITION.test(line) || LINK_DEFINITION.test(line)) {
    const footnote = FOOTNOTE_DEFINITION.test(line);
    i++;
    while (footnote && i < lines.length && continuesFootnote(strip(lines[i]!))) i++;
    return { type: 'definition' };
  }
  const table = tableAt(i);
  if (table) return table;
  const text = [line.trimStart()];
  for (i++; i < lines.length; i++) {
    const l = strip(lines[i]!);
    if (!l.trim()) break;
    const setext = SETEXT.exec(l);
    if (setext) {
      i++;
      return { type: 'heading', depth: setext[1]![0] === '=' ? 1 : 2, text: text.join('\n') };
    }
    // A definition ends a paragraph (GFM footnotes do; link definitions do here too, unlike CommonMark,
    // as models write them under the last line without a blank line).
    if (startsBlock(l) || startsTable(i) || FOOTNOTE_DEFINITION.test(l) || LINK_DEFINITION.test(l)) break;
    text.push(l.replace(/^[ \t]+/, ''));
  }
  return { type: 'paragraph', text: text.join('\n').trimEnd() };
}

/** A list: items of one kind of marker, loose when blank lines separate them. */
function list(): Draft {
  const first = ITEM.exec(strip(lines[i]!))!;
  const ordered = /\d/.test(first[2]!);
  const kind = first[2]!.at(-1);
  const items: ListItem[] = [];
  let loose = false;
  while (i < lines.length) {
    const line = strip(lines[i]!);
    const item = ITEM.exec(line);
    if (!item || HR.test(line) || /\d/.test(item[2]!) !== ordered || item[2]!.at(-1) !== kind) break;
    const marker = item[1]!.length + item[2]!.length;
    // Content starts after the marker and its spaces (one space when there are more than four, or none).
    const indent = item[3]!.length > 4 || !line.slice(item[0].length).trim() ? marker + 1 : item[0].length;
    const body = [`${line.slice(Math.min(indent, line.length))}\n`];
    for (i++; i < lines.length; i++) {
      const l = strip(lines[i]!);
      const spaces = l.length - l.trimStart().length;
      const nested = ITEM.exec(l);
      if (!l.trim()) body.push('\n');
      else if (spaces >= indent) body.push(`${l.slice(indent)}\n`);
      // Models often indent a sub-list by two spaces under "1. ": deeper than the marker is nested.
      else if (nested && spaces > item[1]!.length) body.push(`${l.slice(spaces)}\n`);
      else if (nested) break;
      else if (body.at(-1)!.trim() && !startsBlock(l)) body.push(`${l.trim()}\n`);
      else break;
    }
    // Blank lines after the item belong between items (or after the list), not to the item.
    while (body.length > 1 && !body.at(-1)!.trim()) {
      body.pop();
      i--;
    }
    const task = TASK.exec(body[0]!);
    if (task) body[0] = body[0]!.slice(task[0].length);
    const blocks = lex(body);
    if (blocks.some((b) => b.type === 'space')) loose = true;
    items.push(task ? { task: task[1] !== ' ', blocks } : { blocks });
    let after = i;
    while (after < lines.length && !strip(lines[after]!).trim()) after++;
    if (after === i) continue;
    const again = ITEM.exec(strip(lines[after] ?? ''));
    if (!again || /\d/.test(again[2]!) !== ordered || again[2]!.at(-1) !== kind) break;
    loose = true;
    i = after;
  }
  return { type: 'list', ordered, start: ordered ? Number.parseInt(first[2]!, 10) : 1, loose, items };
}

/** A table starting at line `at` (a header row, then its delimiter row), if there is one. */
function tableAt(at: number): Draft | undefined {
  const head = strip(lines[at]!);
  const delimiter = strip(lines[at + 1] ?? '');
  if (!head.includes('|') || !DELIMITER_ROW.test(delimiter)) return undefined;
  const header = cells(head);
  const align = cells(delimiter).map((c): Align => {
    const left = c.startsWith(':');
    const right = c.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : undefined;
  });
  if (align.length !== header.length) return undefined;
  const rows: string[][] = [];
  for (i = at + 2; i < lines.length; i++) {
    const l = strip(lines[i]!);
    if (!l.trim() || startsBlock(l)) break;
    const row = cells(l);
    rows.push(header.map((_, c) => row[c] ?? ''));
  }
  return { type: 'table', align, header, rows };
}

/** Whether a table starts at line `at`, leaving the cursor where it is (the table is lexed as the next block). */
function startsTable(at: number): boolean {
  const cursor = i;
  const found = tableAt(at) !== undefined;
  i = cursor;
  return found;
}

/** Whether a line starts a block that ends a paragraph (an ordered list must start at 1 to do so). */
function startsBlock(line: string): boolean {
  const item = ITEM.exec(line);
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    HR.test(line) ||
    QUOTE.test(line) ||
    (!!item && !!line.slice(item[0].length).trim() && (!/\d/.test(item[2]!) || /^1\D/.test(item[2]!)))
  );
}

/** The cells of a table row: split at unescaped `|`, outer pipes dropped, `\|` kept as `|`. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

function strip(line: string): string {
  return line.replace(/\r?\n$/, '');
}
