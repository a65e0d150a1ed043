import type { Usage } from './chat-model.js';

/** Price of a model in US dollars per million tokens. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/** A price table keyed by model name (`gpt-4o-mini`) or full id (`openai:gpt-4o-mini`); `*` suffix = prefix. */
export type PriceTable = Record<string, ModelPrice>;

/**
 * List prices (USD per million tokens, standard tier, no caching or batch discount) of common models.
 * Checked 2026-11-23 against the providers' pricing pages (OpenAI platform docs "Pricing", Anthropic
 * docs "Pricing", Google "Gemini API pricing") as stored in the offline reference corpus, because this
 * build machine has no internet access: re-check them before relying on a budget. Override or extend
 * the table through `priced(model, { prices })`; local models cost nothing.
 */
export const DEFAULT_PRICES: PriceTable = {
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  'gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  o3: { inputPerMTok: 2, outputPerMTok: 8 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
  'claude-3-5-haiku': { inputPerMTok: 0.8, outputPerMTok: 4 },
  'claude-haiku-4-5': { inputPerMTok: 1, outputPerMTok: 5 },
  'claude-sonnet-4': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-sonnet-4-5': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-opus-4-1': { inputPerMTok: 15, outputPerMTok: 75 },
  'claude-opus-4-5': { inputPerMTok: 5, outputPerMTok: 25 },
  'gemini-2.0-flash': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'gemini-2.5-flash': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
  'gemini-2.5-pro': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'webllm:*': { inputPerMTok: 0, outputPerMTok: 0 },
};

/**
 * The price of a model id (`provider:model`): exact id, then the model name, then the longest table
 * key that prefixes it (dated versions such as `gpt-4o-mini-2024-07-18`), then `provider:*`.
 * Undefined when unknown — cost is then not reported rather than guessed.
 */
export function priceOf(modelId: string, table: PriceTable = DEFAULT_PRICES): ModelPrice | undefined {
  const name = modelId.includes(':') ? modelId.slice(modelId.indexOf(':') + 1) : modelId;
  if (table[modelId]) return table[modelId];
  if (table[name]) return table[name];
  const prefix = Object.keys(table)
    .filter((key) => !key.endsWith('*') && (name.startsWith(`${key}-`) || name.startsWith(`${key}@`)))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix) return table[prefix];
  const provider = modelId.includes(':') ? modelId.slice(0, modelId.indexOf(':')) : undefined;
  return provider ? table[`${provider}:*`] : undefined;
}

/** Cost in USD of one call's usage at a price. */
export function costOf(usage: Pick<Usage, 'inputTokens' | 'outputTokens'>, price: ModelPrice): number {
  return (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
}
