// A tool's plain-data result as the model reads it, loaded with the first tool result (in the widget build,
// beside the tool call's own code).
import type { TokenCounter } from './token-counter.js';
import { hasUniformTable, safeStringify } from './tool-output-shape.js';

/**
 * A tool's plain-data result as the model receives it: TOON where that is smaller, which only a result holding
 * a table can be (the negotiation and `@toon-format/toon` are loaded then), else minified JSON.
 */
export async function modelText(result: unknown, tokens: TokenCounter): Promise<string> {
  if (!hasUniformTable(result)) return safeStringify(result);
  const [{ negotiateFormat }, { encode }] = await Promise.all([
    import('./negotiate-format.js'),
    import('@toon-format/toon'),
  ]);
  return negotiateFormat(result, tokens, encode).text;
}
