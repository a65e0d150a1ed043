// Streaming Markdown: a growing answer rendered block by block (in the engine's chunk, loaded with it).

import { NO_REFERENCES } from './definitions.js';
import { takeExtrasWait } from './extras-loader.js';
import { highlightCode, MAX_HIGHLIGHTED_CHARS, preloadHighlighter } from './highlight.js';
import type { Block } from './markdown-blocks.js';
import { type MarkdownStrings, setMarkdownStrings } from './markdown-strings.js';

type Engine = typeof import('./markdown-engine.js');

/** Numbers each renderer's footnote ids: several answers share one shadow root. */
let renderers = 0;

/** A rendered block: its index (stable key) and its element (`<div class="block">`). */
export interface MarkdownBlock {
  key: number;
  node: HTMLElement;
}

/**
 * Renders a growing Markdown text block by block: blocks before the last are final, rendered and
 * built once; each update lexes and renders only the text from the start of the last block.
 */
export class StreamingMarkdown {
  #text = '';
  #offset = 0;
  #done: MarkdownBlock[] = [];
  #blocks: readonly MarkdownBlock[] = [];
  /** Bumped when the text starts over, so a late highlight does not land on another text's block. */
  #generation = 0;
  #final = false;
  #refs = NO_REFERENCES;
  /** Formulas were shown as code while KaTeX loaded: render everything again now that it has. */
  #stale = false;
  readonly #prefix = `a${++renderers}-`;

  /** Called when a block changed on its own (a code block got highlighted). */
  onChange: () => void = () => {};

  /** The blocks of `text` (`final`: no more text will come); the same array when nothing changed. */
  update(text: string, engine: Engine, final = false, strings?: MarkdownStrings): readonly MarkdownBlock[] {
    setMarkdownStrings(strings);
    if (text === this.#text && this.#blocks.length && final === this.#final && !this.#stale)
      return this.#blocks;
    this.#final = final;
    // Not a continuation (e.g. a restored or edited message), or a definition came that earlier blocks may
    // use (`[1]: https://…` after `[text][1]`): start over.
    const refs = engine.referencesOf(text);
    if (!text.startsWith(this.#text) || refs.key !== this.#refs.key || this.#stale) {
      this.#stale = false;
      this.#offset = 0;
      this.#done = [];
      this.#generation++;
    }
    this.#text = text;
    this.#refs = refs;
    const tokens: Block[] = engine.lexBlocks(text.slice(this.#offset));
    // Every block before the last non-space one is complete: the text after it can no longer change how
    // it renders. The last one stays open even when blank lines follow it (a list may go on after a
    // blank line). When the text is final, everything is complete.
    let open = final
      ? tokens.length
      : Math.max(
          0,
          tokens.findLastIndex((t) => t.type !== 'space'),
        );
    // A last block of a few characters ("2", "- ", "10.") may turn out to continue the block before it
    // (the next item of a list): keep that one open too until the last block says more.
    if (!final && (tokens[open]?.raw.trim().length ?? 0) < 4) {
      const previous = tokens.slice(0, open).findLastIndex((t) => t.type !== 'space');
      if (previous !== -1) open = previous;
    }
    for (const token of tokens.slice(0, open)) {
      this.#offset += token.raw.length;
      if (token.type === 'space') continue;
      const key = this.#done.length;
      this.#done.push({ key, node: engine.renderBlocks([token], refs, this.#prefix) });
      if (token.type === 'code') this.#highlight(key, token, engine);
    }
    const rest = tokens.slice(open).filter((t) => t.type !== 'space');
    // A fence naming a language is coming: fetch the highlighter while its code streams in.
    if (rest.some((t) => t.type === 'code' && t.lang && t.lang !== 'mermaid')) preloadHighlighter();
    const tail = rest.length
      ? [{ key: this.#done.length, node: engine.renderBlocks(rest, refs, this.#prefix, true) }]
      : [];
    const notes = engine.renderFootnotes(refs, this.#prefix);
    // A formula, a definition or a diagram waited for its chunk: render again once it is there.
    takeExtrasWait()?.then(
      () => {
        this.#stale = true;
        this.onChange();
      },
      () => {},
    );
    this.#blocks = [...this.#done, ...tail, ...(notes ? [{ key: -1, node: notes }] : [])];
    return this.#blocks;
  }

  /** Highlights a finished code block in the background, then swaps its element. */
  #highlight(key: number, token: Extract<Block, { type: 'code' }>, engine: Engine): void {
    if (!token.lang || token.lang === 'mermaid' || token.text.length > MAX_HIGHLIGHTED_CHARS) return;
    const generation = this.#generation;
    highlightCode(token.text, token.lang).then(
      (highlighted) => {
        if (!highlighted || generation !== this.#generation || !this.#done[key]) return;
        const node = document.createElement('div');
        node.className = 'block';
        node.append(engine.codeBlock(highlighted.nodes, highlighted.language));
        this.#done[key] = { key, node };
        this.#blocks = this.#blocks.map((b) => (b.key === key ? this.#done[key]! : b));
        this.onChange();
      },
      () => {
        // No highlighter (chunk failed to load): the block stays plain, still readable.
      },
    );
  }
}
