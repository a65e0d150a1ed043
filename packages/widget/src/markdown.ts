import type { Token } from 'marked';

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

  /** The blocks of `text`; the same array when the text has not changed. */
  update(text: string, engine: Engine): readonly MarkdownBlock[] {
    if (text === this.#text && this.#blocks.length) return this.#blocks;
    // Not a continuation (e.g. a restored or edited message): start over.
    if (!text.startsWith(this.#text)) {
      this.#offset = 0;
      this.#done = [];
    }
    this.#text = text;
    const tokens: Token[] = engine.lexBlocks(text.slice(this.#offset));
    let index = 0;
    // Every block but the last is complete: the text after it can no longer change how it renders.
    for (; index < tokens.length - 1; index++) {
      const token = tokens[index]!;
      this.#offset += token.raw.length;
      if (token.type !== 'space')
        this.#done.push({ key: this.#done.length, html: engine.renderTokens([token]) });
    }
    const last = tokens[index];
    const tail =
      last && last.type !== 'space' ? [{ key: this.#done.length, html: engine.renderTokens([last]) }] : [];
    this.#blocks = [...this.#done, ...tail];
    return this.#blocks;
  }
}
