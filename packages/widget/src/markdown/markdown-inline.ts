// Inline Markdown (emphasis, strong, strikethrough, code spans, links, reference links, footnote
// references, math, images, autolinks, hard breaks) as DOM nodes. Safe by construction: text only ever becomes
// text nodes, elements come from a fixed list, and the only attributes set are a checked `href` / `src`,
// `title`, `alt`, `target` and `rel` (and a footnote reference's generated `id`). Inline HTML is shown as
// the text it is.

import { extras } from './extras-loader.js';
import { bracketEnd, footnoteAt, type Link, referenceAt } from './inline-references.js';

/** Links a page may follow: web, mail, in-page and relative. Anything else (javascript:, data:…) gets no href. */
const SAFE_HREF = /^(?:https?:|mailto:|#|\/|\.\/|\.\.\/)/i;
/**
 * Images that may load: inline ones only. A remote image in model output could carry data out of the page
 * in its URL (prompt injection); it shows as its alt text instead.
 */
const SAFE_SRC = /^data:image\/(?:png|jpeg|gif|webp);/i;

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const DESTINATION =
  /\(\s*(<[^<>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*)(?:\s+("[^"]*"|'[^']*'|\([^()]*\)))?\s*\)/y;
const AUTOLINK = /<((?:https?:\/\/|mailto:)[^\s<>]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>/y;
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<]*[^\s<?!.,:;*_~'"]/y;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp|copy|mdash|ndash|hellip));/g;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/** Appends the nodes of inline Markdown `source` to `parent` (`links`: false inside a link's text). */
export function appendInline(source: string, parent: Node, links = true): void {
  let text = '';
  const add = (node: Node) => {
    if (text) parent.appendChild(document.createTextNode(decodeEntities(text)));
    text = '';
    parent.appendChild(node);
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const previous = source[i - 1] ?? ' ';
    const formula =
      c === '$' || (c === '\\' && (source[i + 1] === '(' || source[i + 1] === '['))
        ? extras?.mathAt(source, i)
        : undefined;
    if (formula) {
      add(formula.node);
      i = formula.end;
    } else if (c === '\\' && ESCAPABLE.test(source[i + 1] ?? '')) {
      // An escaped `&` must stay literal: keep it out of entity decoding.
      if (source[i + 1] === '&') add(document.createTextNode('&'));
      else text += source[i + 1];
      i += 2;
    } else if (c === '\\' && source[i + 1] === '\n') {
      add(document.createElement('br'));
      i += 2;
    } else if (c === ' ' && /^ {2,}\n/.test(source.slice(i, i + 40))) {
      const end = source.indexOf('\n', i);
      add(document.createElement('br'));
      i = end + 1;
    } else if (
      c === '`' ||
      ((c === '*' || c === '_' || c === '~') && !(c === '_' && /[\p{L}\p{N}]/u.test(previous)))
    ) {
      // Code spans and emphasis: no other construct starts with these characters.
      const piece = c === '`' ? codeSpan(source, i) : emphasis(source, i, c, links);
      text += piece.text ?? '';
      if (piece.node) add(piece.node);
      i = piece.end;
    } else if ((c === '[' && links) || (c === '!' && source[i + 1] === '[')) {
      const at = c === '!' ? i + 1 : i;
      const note = c === '[' ? footnoteAt(source, at) : undefined;
      const link = note ? undefined : (parseLink(source, at) ?? referenceAt(source, at));
      if (note) {
        add(note.node);
        i = note.end;
        continue;
      }
      if (!link) {
        text += c;
        i++;
        continue;
      }
      add(c === '!' ? image(link.label, link.href, link.title) : anchor(link.label, link.href, link.title));
      i = link.end;
    } else if (c === '<' && links && match(AUTOLINK, source, i)) {
      const found = match(AUTOLINK, source, i)!;
      const href = found[1]!.includes(':') ? found[1]! : `mailto:${found[1]}`;
      add(anchor(found[1]!, href, undefined, false));
      i += found[0].length;
    } else if ((c === 'h' || c === 'w') && links && !/\w/.test(previous) && match(BARE_URL, source, i)) {
      let url = match(BARE_URL, source, i)![0];
      // A closing parenthesis ends the URL unless the URL opened one: "(see https://x.org/a)".
      while (url.endsWith(')') && url.split('(').length < url.split(')').length) url = url.slice(0, -1);
      add(anchor(url, url.startsWith('www.') ? `http://${url}` : url, undefined, false));
      i += url.length;
    } else {
      text += c;
      i++;
    }
  }
  if (text) parent.appendChild(document.createTextNode(decodeEntities(text)));
}

/** What a construct at a position turns into: literal text, then a node (either may be absent), and where it ends. */
interface Piece {
  text?: string;
  node?: Node;
  end: number;
}

/** A code span at `i`, or its backticks as text when nothing closes it. */
function codeSpan(source: string, i: number): Piece {
  const run = /`+/y;
  run.lastIndex = i;
  const ticks = run.exec(source)![0];
  const end = codeSpanEnd(source, i + ticks.length, ticks.length);
  if (end < 0) return { text: ticks, end: i + ticks.length };
  let code = source.slice(i + ticks.length, end).replace(/\n/g, ' ');
  if (/^ .*[^ ].* $/.test(code)) code = code.slice(1, -1);
  const element = document.createElement('code');
  element.textContent = code;
  return { node: element, end: end + ticks.length };
}

/** Emphasis, strong or strikethrough opened by the run of `c` at `i`, or the run as text when unclosed. */
function emphasis(source: string, i: number, c: string, links: boolean): Piece {
  const run = new RegExp(`\\${c}+`, 'y');
  run.lastIndex = i;
  const length = run.exec(source)![0].length;
  const size = c === '~' ? (length <= 2 ? length : 0) : Math.min(length, 3);
  const open = i + length - size;
  const end = size && /\S/.test(source[i + length] ?? '') ? closerOf(source, i + length, c, size) : -1;
  if (end < 0) return { text: c.repeat(length), end: i + length };
  const tag = c === '~' ? 'del' : size === 1 ? 'em' : 'strong';
  const outer = document.createElement(tag);
  const inner = size === 3 ? outer.appendChild(document.createElement('em')) : outer;
  appendInline(source.slice(i + length, end), inner, links);
  return { text: c.repeat(open - i), node: outer, end: end + size };
}

/** Where the code span opened by `length` backticks ends (a run of exactly that many), or -1. */
function codeSpanEnd(source: string, from: number, length: number): number {
  for (let at = source.indexOf('`', from); at >= 0; ) {
    let end = at;
    while (source[end] === '`') end++;
    if (end - at === length) return at;
    at = source.indexOf('`', end);
  }
  return -1;
}

/**
 * Where the emphasis opened by `size` delimiters `c` closes, or -1. Delimiter runs that open emphasis of
 * their own are skipped together with what they enclose, so `*a **b** c*` closes at the last `*`.
 */
function closerOf(source: string, from: number, c: string, size: number): number {
  for (let j = from; j < source.length; ) {
    const ch = source[j]!;
    if (ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === '`') {
      const run = /`+/y;
      run.lastIndex = j;
      const ticks = run.exec(source)![0].length;
      const end = codeSpanEnd(source, j + ticks, ticks);
      j = end < 0 ? j + ticks : end + ticks;
      continue;
    }
    if (ch !== c) {
      j++;
      continue;
    }
    let length = 1;
    while (source[j + length] === c) length++;
    const afterSpace = /\s/.test(source[j - 1] ?? ' ');
    const beforeSpace = /\s/.test(source[j + length] ?? ' ');
    const intraword = c === '_' && /[\p{L}\p{N}]/u.test(source[j + length] ?? '');
    if (!afterSpace && !intraword && length >= size) return j;
    if (afterSpace && !beforeSpace) {
      const inner = closerOf(source, j + length, c, c === '~' ? length : Math.min(length, 3));
      if (inner >= 0) {
        j = inner + Math.min(length, 3);
        continue;
      }
    }
    j += length;
  }
  return -1;
}

/** `[label](href "title")` starting at `at` (the `[`): its parts and where it ends; undefined if it is not one. */
function parseLink(source: string, at: number): Link | undefined {
  const j = bracketEnd(source, at);
  if (j < 0) return undefined;
  const destination = match(DESTINATION, source, j + 1);
  if (!destination) return undefined;
  const href = destination[1]!.replace(/^<(.*)>$/, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1');
  const title = destination[2]?.slice(1, -1);
  return { label: source.slice(at + 1, j), href, title, end: j + 1 + destination[0].length };
}

function anchor(label: string, href: string, title: string | undefined, markdown = true): HTMLAnchorElement {
  const a = document.createElement('a');
  const url = decodeEntities(href);
  if (SAFE_HREF.test(url)) a.href = url;
  if (title) a.title = decodeEntities(title);
  // Links from model output open in a new tab and cannot reach back into the page.
  a.target = '_blank';
  a.rel = 'noopener noreferrer nofollow';
  if (markdown) appendInline(label, a, false);
  else a.textContent = label;
  return a;
}

function image(label: string, src: string, title: string | undefined): Node {
  const alt = label.replace(/[\\*_`~]/g, '');
  if (!SAFE_SRC.test(src)) return document.createTextNode(alt || src);
  const img = document.createElement('img');
  img.src = src;
  img.alt = decodeEntities(alt);
  if (title) img.title = decodeEntities(title);
  return img;
}

function match(pattern: RegExp, source: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(source);
}

/** Character references as text: the common named ones and every numeric one. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name]!;
    const code = Number.parseInt(decimal ?? hex!, decimal ? 10 : 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });
}
