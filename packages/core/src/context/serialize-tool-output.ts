import { encode } from '@toon-format/toon';
import { negotiateFormat, type SerializedOutput } from './negotiate-format.js';
import { estimateTokenCounter, type TokenCounter } from './token-counter.js';

export {
  hasUniformTable,
  negotiateFormat,
  type OutputFormat,
  type SerializedOutput,
  TOON_DELIMITERS,
  TOON_INDENT_SIZES,
  type ToonDelimiter,
  type ToonIndentSize,
} from './negotiate-format.js';

const defaultCounter = estimateTokenCounter();

/**
 * Format negotiation for one tool output (003_… "Articulate"): strings stay as they are; values that
 * hold uniform arrays of flat objects are written as TOON (comma, tab or pipe rows, two- or one-space
 * indentation, whichever costs the fewest tokens) when that costs fewer tokens than minified JSON;
 * everything else is minified JSON. Nested data therefore never gets larger.
 *
 * @example
 * serializeToolOutput([{ id: 1, name: 'Ada' }, { id: 2, name: 'Bob' }]).format // 'toon'
 */
export function serializeToolOutput(
  value: unknown,
  counter: TokenCounter = defaultCounter,
): SerializedOutput {
  return negotiateFormat(value, counter, encode);
}
