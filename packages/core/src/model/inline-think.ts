import type { ModelEvent } from './chat-model.js';

const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * Splits `<think>…</think>` written inline at the start of the answer (Qwen3 and the DeepSeek-R1 distills
 * on Ollama, llama.cpp and web-llm) into `reasoning-delta`s (the caller closes the segment). Text is held back only while it could still be
 * the start of a tag, so answers without one stream as before. A block never closed stays reasoning: the
 * answer is then empty, never the thinking.
 */
export class InlineThinkSplitter {
  #state: 'start' | 'thinking' | 'answer' = 'start';
  #held = '';
  /** After `</think>`, the blank lines before the answer are dropped, whichever piece they come in. */
  #trimNext = false;

  /** The events one piece of content text carries (an array, not a generator: this runs for every delta). */
  push(text: string): ModelEvent[] {
    const out: ModelEvent[] = [];
    if (this.#state === 'answer') {
      this.#answer(text, out);
      return out;
    }
    this.#held += text;
    if (this.#state === 'start') {
      const trimmed = this.#held.trimStart();
      if (trimmed.length < OPEN.length && OPEN.startsWith(trimmed)) return out;
      if (!trimmed.startsWith(OPEN)) {
        this.#answer(this.#held, out);
        return out;
      }
      this.#state = 'thinking';
      this.#held = trimmed.slice(OPEN.length);
    }
    const close = this.#held.indexOf(CLOSE);
    if (close >= 0) {
      this.#think(this.#held.slice(0, close), out);
      this.#trimNext = true;
      this.#answer(this.#held.slice(close + CLOSE.length), out);
      return out;
    }
    // Keep back only what could be the beginning of `</think>`.
    const keep = partialSuffix(this.#held, CLOSE);
    this.#think(this.#held.slice(0, this.#held.length - keep), out);
    this.#held = this.#held.slice(this.#held.length - keep);
    return out;
  }

  /** True while a `<think>` block is open (its text is reasoning, not answer). */
  get thinking(): boolean {
    return this.#state === 'thinking';
  }

  /** Flushes at the end of the stream: held text, and the end of an unclosed block. */
  end(): ModelEvent[] {
    const out: ModelEvent[] = [];
    if (this.#state === 'start') {
      if (this.#held) out.push({ type: 'text-delta', text: this.#held });
    } else if (this.#state === 'thinking') {
      this.#think(this.#held, out);
      out.push({
        type: 'warning',
        message:
          'The model opened <think> and never closed it: its text was kept as reasoning and the answer is empty.',
      });
    }
    this.#held = '';
    this.#state = 'answer';
    return out;
  }

  #think(text: string, out: ModelEvent[]): void {
    if (text) out.push({ type: 'reasoning-delta', text });
  }

  #answer(text: string, out: ModelEvent[]): void {
    this.#state = 'answer';
    this.#held = '';
    if (this.#trimNext) {
      text = text.replace(/^\s+/, '');
      if (text) this.#trimNext = false;
    }
    if (text) out.push({ type: 'text-delta', text });
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--)
    if (tag.startsWith(text.slice(text.length - n))) return n;
  return 0;
}
