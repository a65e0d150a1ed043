import type { TokenCounter } from './token-counter.js';
import { hasUniformTable, safeStringify } from './tool-output-shape.js';

export { hasUniformTable };

/** How a tool output was written for the model. */
export type OutputFormat = 'text' | 'json' | 'toon';

/** The row delimiters TOON allows; each is standard TOON (the header names it, so decoders need no option). */
export const TOON_DELIMITERS = [',', '\t', '|'] as const;

/** One of {@link TOON_DELIMITERS}. */
export type ToonDelimiter = (typeof TOON_DELIMITERS)[number];

/**
 * Spaces per indentation level that negotiation tries. 2 is TOON's default; 1 is equally valid TOON
 * (the spec leaves the indent to the encoder, a decoder is told it with `indentSize`) and saves about one
 * token on every table row, because o200k_base merges a single leading space into the cell's first token.
 */
export const TOON_INDENT_SIZES = [2, 1] as const;

/** One of {@link TOON_INDENT_SIZES}. */
export type ToonIndentSize = (typeof TOON_INDENT_SIZES)[number];

/** Encodes a value as TOON with the given options (the signature of `@toon-format/toon`'s `encode`). */
export type ToonEncoder = (
  value: unknown,
  options: { delimiter: ToonDelimiter; indentSize: ToonIndentSize },
) => string;

/** A tool output as sent to the model, with the format negotiation's reasoning. */
export interface SerializedOutput {
  text: string;
  format: OutputFormat;
  /** Tokens of `text`. */
  tokens: number;
  /** Tokens of the minified JSON it was compared with (equal to `tokens` when JSON won or was the only option). */
  jsonTokens: number;
  /** For TOON: the encoder options that won, which a decoder needs (`decode(text, { indentSize })`). */
  toon?: { delimiter: ToonDelimiter; indentSize: ToonIndentSize };
}

/**
 * The negotiation itself: minified JSON unless the value holds a flat table and some TOON variant
 * (comma, tab or pipe rows; two- or one-space indentation) costs fewer tokens, in which case the
 * cheapest variant. The encoder is passed
 * in: the run loop loads `@toon-format/toon` lazily (with memory on, for the first result holding a
 * table), so pages that never get one do not download it.
 */
export function negotiateFormat(
  value: unknown,
  counter: TokenCounter,
  encodeToon: ToonEncoder,
): SerializedOutput {
  if (typeof value === 'string') {
    const tokens = counter.count(value);
    return { text: value, format: 'text', tokens, jsonTokens: tokens };
  }
  if (value === undefined) return { text: '', format: 'text', tokens: 0, jsonTokens: 0 };
  const json = safeStringify(value);
  const jsonTokens = counter.count(json);
  if (!hasUniformTable(value)) return { text: json, format: 'json', tokens: jsonTokens, jsonTokens };
  // Which delimiter tokenizes best depends on the cells (tabs win on string-heavy rows, commas on
  // timestamps and ids), so every standard variant is tried and the cheapest one is sent.
  let best: SerializedOutput = { text: json, format: 'json', tokens: jsonTokens, jsonTokens };
  for (const indentSize of TOON_INDENT_SIZES) {
    for (const delimiter of TOON_DELIMITERS) {
      let toon: string;
      try {
        toon = encodeToon(value, { delimiter, indentSize });
      } catch {
        return best;
      }
      const tokens = counter.count(toon);
      if (tokens < best.tokens)
        best = { text: toon, format: 'toon', tokens, jsonTokens, toon: { delimiter, indentSize } };
    }
  }
  return best;
}
