import type { Token, Tokens } from 'marked';
import { highlightCode, highlightLanguage } from './highlight.js';

type Engine = typeof import('./markdown-engine.js');

let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;

/** The Markdown engine when it has loaded, else undefined (callers show plain text meanwhile). */
export function markdownEngine(): Engine | undefined {
  return engine;
}

/** Loads marked + DOMPurify (a separate chunk) once; resolves with the engine. */
export function loadMarkdownEngine(): Promise<Engine> {
  loading ??= import('./markdown-engine.js').then(
    (loaded) => {
      engine = loaded;
      return loaded;
    },
    (error: unknown) => {
      // Answers stay plain text; the next answer tries again (e.g. after a network hiccup).
      loading = undefined;
      console.warn('<agent-chat>: the Markdown engine could not be loaded; showing plain text.', error);
      throw error;
    },
  );
  return loading;
}

/** A rendered block: its index (stable key) and sanitized HTML. */
export interface MarkdownBlock {
  key: number;
  html: string;
}

/**
 * Renders a growing Markdown text block by block: blocks before the last are final, rendered and
 * sanitized once; each update lexes and renders only the text from the start of the last block.
 */
export class StreamingMarkdown {
  #text = '';
  #offset = 0;
  #done: MarkdownBlock[] = [];
  #blocks: readonly MarkdownBlock[] = [];
  /** Bumped when the text starts over, so a late highlight does not land on another text's block. */
  #generation = 0;
  #final = false;

  /** Called when a block changed on its own (a code block got highlighted). */
  onChange: () => void = () => {};

  /** The blocks of `text` (`final`: no more text will come); the same array when nothing changed. */
  update(text: string, engine: Engine, final = false): readonly MarkdownBlock[] {
    if (text === this.#text && this.#blocks.length && final === this.#final) return this.#blocks;
    this.#final = final;
    // Not a continuation (e.g. a restored or edited message): start over.
    if (!text.startsWith(this.#text)) {
      this.#offset = 0;
      this.#done = [];
      this.#generation++;
    }
    this.#text = text;
    const tokens: Token[] = engine.lexBlocks(text.slice(this.#offset));
    let index = 0;
    // Every block but the last is complete: the text after it can no longer change how it renders.
    // When the text is final, so is the last block.
    for (; index < tokens.length - (final ? 0 : 1); index++) {
      const token = tokens[index]!;
      this.#offset += token.raw.length;
      if (token.type === 'space') continue;
      const key = this.#done.length;
      this.#done.push({ key, html: engine.renderTokens([token]) });
      if (token.type === 'code') this.#highlight(key, token as Tokens.Code, engine);
    }
    const last = tokens[index];
    const tail =
      last && last.type !== 'space' ? [{ key: this.#done.length, html: engine.renderTokens([last]) }] : [];
    this.#blocks = [...this.#done, ...tail];
    return this.#blocks;
  }

  /** Highlights a finished code block in the background, then swaps its HTML. */
  #highlight(key: number, token: Tokens.Code, engine: Engine): void {
    const language = highlightLanguage(token.lang);
    if (!language) return;
    const generation = this.#generation;
    highlightCode(token.text, language).then(
      (markup) => {
        if (generation !== this.#generation || !this.#done[key]) return;
        this.#done[key] = { key, html: engine.renderHighlighted(markup, language) };
        this.#blocks = this.#blocks.map((b) => (b.key === key ? this.#done[key]! : b));
        this.onChange();
      },
      () => {
        // No highlighter (chunk failed to load): the block stays plain, still readable.
      },
    );
  }
}
