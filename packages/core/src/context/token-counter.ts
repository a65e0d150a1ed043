import type { Message } from '../model/messages.js';

/** Counts tokens of text as one model family's tokenizer does (exactly, or as a calibrated estimate). */
export interface TokenCounter {
  /** `o200k_base`, `cl100k_base` or `estimate`. */
  readonly encoding: string;
  /** True when the count is the tokenizer's own, false for an estimate. */
  readonly exact: boolean;
  count(text: string): number;
}

// OpenAI's chat format adds about 3 tokens per message (role and separators) and 3 to prime the reply.
const PER_MESSAGE = 3;
const PER_REQUEST = 3;

/** Tokens of a list of messages as sent to a chat model, including per-message overhead and tool calls. */
export function countMessageTokens(counter: TokenCounter, messages: readonly Message[]): number {
  let total = PER_REQUEST;
  for (const message of messages) total += countMessage(counter, message);
  return total;
}

/** Tokens of one message, including its role overhead and tool calls. */
export function countMessage(counter: TokenCounter, message: Message): number {
  let tokens = PER_MESSAGE + counter.count(message.content);
  if (message.role === 'assistant')
    for (const call of message.toolCalls ?? [])
      tokens += PER_MESSAGE + counter.count(call.name) + counter.count(call.arguments);
  return tokens;
}

/**
 * A calibrated estimate for tokenizers we do not ship (Anthropic, local models): a weighted count of
 * character classes, fitted by least squares on relative error against o200k_base. Fitted on the bench
 * fixtures (JSON and TOON tables, logs, prose) plus half of a held-out set of real public texts (source
 * code, non-English prose, JSON, Markdown docs, logs); `pnpm bench toon-serialization` reports its error
 * per kind on the other half, which was never used for fitting.
 */
export function estimateTokenCounter(): TokenCounter {
  return {
    encoding: 'estimate',
    exact: false,
    count(text) {
      const f = estimateFeatures(text);
      let tokens = 0;
      for (let i = 0; i < f.length; i++) tokens += (f[i] as number) * (ESTIMATE_WEIGHTS[i] as number);
      return Math.ceil(tokens);
    },
  };
}

/**
 * The character classes the estimate weighs, in {@link ESTIMATE_WEIGHTS} order: ASCII letters, groups of
 * up to three digits (BPE tokenizers split numbers that way), ASCII punctuation, line breaks, runs of two
 * or more spaces or tabs (indentation), CJK characters (Han, kana, Hangul, full-width forms) and other
 * non-ASCII characters (accented Latin, Cyrillic, Greek, Indic scripts…). Single spaces are free: they
 * merge with the next word.
 */
export function estimateFeatures(text: string): number[] {
  let letters = 0;
  let digitGroups = 0;
  let digitRun = 0;
  let symbols = 0;
  let newlines = 0;
  let blankRuns = 0;
  let blankRun = 0;
  let cjk = 0;
  let otherNonAscii = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9) {
      if (++blankRun === 2) blankRuns++;
      digitRun = 0;
      continue;
    }
    blankRun = 0;
    if (code >= 48 && code <= 57) {
      if (digitRun++ % 3 === 0) digitGroups++;
      continue;
    }
    digitRun = 0;
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) letters++;
    else if (code === 10) newlines++;
    else if (code === 13) continue;
    else if (code < 128) symbols++;
    else if (
      (code >= 0x3000 && code <= 0x30ff) ||
      (code >= 0x3400 && code <= 0x9fff) ||
      (code >= 0xac00 && code <= 0xd7af) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xff00 && code <= 0xffef)
    )
      cjk++;
    else otherNonAscii++;
  }
  return [letters, digitGroups, symbols, newlines, blankRuns, cjk, otherNonAscii];
}

/** Tokens per unit of each {@link estimateFeatures} class (bench/toon-serialization/fit-estimate.ts fits them). */
export const ESTIMATE_WEIGHTS: readonly number[] = [0.24, 1.721, 0.25, 1.521, 1.306, 0.67, 0.314];

/**
 * The exact o200k_base tokenizer (GPT-4o, GPT-4.1, GPT-5, o-series), loaded on first use: its rank
 * table is large, so it is a separate chunk that pages without OpenAI models never download.
 */
export async function o200kTokenCounter(): Promise<TokenCounter> {
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  return { encoding: 'o200k_base', exact: true, count: (text) => (text ? countTokens(text) : 0) };
}

/** The cl100k_base tokenizer (GPT-4, GPT-3.5), loaded on first use. */
export async function cl100kTokenCounter(): Promise<TokenCounter> {
  const { countTokens } = await import('gpt-tokenizer/encoding/cl100k_base');
  return { encoding: 'cl100k_base', exact: true, count: (text) => (text ? countTokens(text) : 0) };
}

/**
 * The best counter for a model id (`provider:model` or a bare model name): exact for OpenAI models,
 * the calibrated estimate for everything else.
 */
export async function tokenCounterFor(modelId: string): Promise<TokenCounter> {
  const name = modelId.slice(modelId.indexOf(':') + 1).toLowerCase();
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|chatgpt-4o|gpt-oss)/.test(name)) return o200kTokenCounter();
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return cl100kTokenCounter();
  return estimateTokenCounter();
}
