// The Markdown engine: blocks (markdown-blocks.ts) rendered as DOM nodes from a fixed list of elements,
// inline content through markdown-inline.ts. No HTML string is ever parsed, so nothing in a model's answer
// or a tool's output can become a script, a handler, a style or a form: there is nothing to sanitize.
// Loaded on first use as its own chunk (see markdown.ts).

import { NO_REFERENCES, type References } from './definitions.js';
import { extras, wantExtras } from './extras-loader.js';
import { withReferences } from './inline-references.js';
import { type Block, lexBlocks } from './markdown-blocks.js';
import { appendInline } from './markdown-inline.js';
import { type MarkdownStrings, setMarkdownStrings } from './markdown-strings.js';

export type { References } from './definitions.js';
export type { Block } from './markdown-blocks.js';
export { StreamingMarkdown } from './streaming-markdown.js';
export { lexBlocks };

/**
 * Blocks → one `<div class="block">` holding their elements; reference links and footnote references
 * resolve against `refs` (the whole text's), footnote ids start with `prefix`; `open`: the last block may
 * still grow (a ```mermaid block is drawn only once it is finished).
 */
export function renderBlocks(
  blocks: readonly Block[],
  refs = NO_REFERENCES,
  prefix = '',
  open = false,
): HTMLElement {
  const box = document.createElement('div');
  box.className = 'block';
  streaming = open;
  withReferences(refs, prefix, () => {
    for (const block of blocks) appendBlock(block, box, false);
  });
  streaming = false;
  return box;
}

/** The blocks being rendered may still grow (`open` of renderBlocks): diagrams wait until they are done. */
let streaming = false;

/** The footnotes section of `refs` (numbered, linked both ways), or undefined when no footnote is used. */
export function renderFootnotes(refs: References, prefix: string): HTMLElement | undefined {
  return refs.footnotes(prefix, (markdown, parent) =>
    withReferences(refs, prefix, () => {
      for (const block of lexBlocks(markdown)) appendBlock(block, parent, true);
    }),
  );
}

/** A code block's `<pre><code class="language-…">` (`language`: the fence's, or empty). */
export function codeBlock(text: string | Node, language: string): HTMLPreElement {
  const pre = document.createElement('pre');
  const code = pre.appendChild(document.createElement('code'));
  const name = language.replace(/[^\w+-]/g, '');
  if (name) code.className = `language-${name}`;
  code.append(text);
  return pre;
}

/**
 * The definitions of `text` (`[1]: https://…`, `[^1]: …`); none until the extras have loaded (asking for
 * them, see extras-loader.ts).
 */
export function referencesOf(text: string): References {
  wantExtras(text);
  return extras && text.includes(']:') ? extras.referencesOf(text) : NO_REFERENCES;
}

/** Untrusted Markdown → DOM nodes (inside one `<div class="block">`). */
export function renderMarkdown(markdown: string, prefix = 'md-', strings?: MarkdownStrings): HTMLElement {
  setMarkdownStrings(strings);
  const refs = referencesOf(markdown);
  const box = renderBlocks(lexBlocks(markdown), refs, prefix);
  const notes = renderFootnotes(refs, prefix);
  if (notes) box.append(...notes.childNodes);
  return box;
}

/** `tight`: paragraphs go in without `<p>` (the items of a tight list). */
function appendBlock(block: Block, parent: Node, tight: boolean): void {
  const add = <K extends keyof HTMLElementTagNameMap>(tag: K) =>
    parent.appendChild(document.createElement(tag));
  switch (block.type) {
    case 'space':
    case 'definition':
      return;
    case 'paragraph':
      appendInline(block.text, tight ? parent : add('p'));
      return;
    case 'heading':
      appendInline(block.text, add(`h${block.depth}` as 'h1'));
      return;
    case 'code':
      // A final newline, as CommonMark renders it (a <pre> does not show it).
      if (block.lang === 'mermaid' && !streaming && extras)
        parent.appendChild(extras.renderDiagram(block.text, codeBlock(`${block.text}\n`, block.lang)));
      else parent.appendChild(codeBlock(`${block.text}\n`, block.lang));
      return;
    case 'hr':
      add('hr');
      return;
    case 'blockquote': {
      const quote = add('blockquote');
      for (const child of block.blocks) appendBlock(child, quote, false);
      return;
    }
    case 'list': {
      const list = add(block.ordered ? 'ol' : 'ul');
      if (block.ordered && block.start !== 1) list.setAttribute('start', String(block.start));
      for (const item of block.items) {
        const li = list.appendChild(document.createElement('li'));
        if (item.task !== undefined) {
          const box = li.appendChild(document.createElement('input'));
          box.type = 'checkbox';
          box.disabled = true;
          box.defaultChecked = item.task;
          li.append(' ');
        }
        for (const child of item.blocks) appendBlock(child, li, !block.loose);
      }
      return;
    }
    case 'table': {
      const table = add('table');
      const row = (section: HTMLElement, cells: string[], tag: 'th' | 'td') => {
        const tr = section.appendChild(document.createElement('tr'));
        cells.forEach((cell, index) => {
          const element = tr.appendChild(document.createElement(tag));
          if (block.align[index]) element.setAttribute('align', block.align[index]);
          appendInline(cell, element);
        });
      };
      row(table.appendChild(document.createElement('thead')), block.header, 'th');
      if (block.rows.length) {
        const body = table.appendChild(document.createElement('tbody'));
        for (const cells of block.rows) row(body, cells, 'td');
      }
      return;
    }
    default:
      block satisfies never;
  }
}
