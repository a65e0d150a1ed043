import { ConfigurationError } from '../errors.js';
import type { ChatModel, ModelRequest } from './chat-model.js';
import { BudgetExceededError } from './model-errors.js';
import { costOf, DEFAULT_PRICES, type PriceTable, priceOf } from './pricing.js';
import { estimateInputTokens } from './request-needs.js';

/** Options of {@link priced}. */
export interface PricedOptions {
  /** Entries added to (and overriding) {@link DEFAULT_PRICES}. */
  prices?: PriceTable;
  /** Most a conversation may spend, in USD; checked before every call. */
  budgetUsd?: number;
}

/** A model that knows what each conversation has spent. */
export interface PricedModel extends ChatModel {
  /** USD spent so far by a conversation (calls without a `conversationId` count under `""`). */
  spentUsd(conversationId?: string): number;
}

/**
 * Adds cost to a model: every `usage` event gets `costUsd` from the price table (applied to the model
 * that actually answered, also behind `route()` / `fallback()`), and with `budgetUsd` a call that would
 * take the conversation over budget throws {@link BudgetExceededError} before anything is sent — also
 * when `route()` / `fallback()` picks a paid model, while free (local) models keep answering. The
 * estimate counts the input tokens (4 characters a token) and `maxTokens` of output. With a budget, a
 * model missing from the price table is refused with a {@link ConfigurationError} naming it (its
 * calls would count nothing against the budget).
 *
 * @example
 * const model = priced(openAICompatible({ baseURL, model: 'gpt-4o-mini' }), { budgetUsd: 0.5 });
 */
export function priced(model: ChatModel, options: PricedOptions = {}): PricedModel {
  const table = { ...DEFAULT_PRICES, ...options.prices };
  const budget = options.budgetUsd;
  if (budget !== undefined && !(budget >= 0))
    throw new ConfigurationError(`priced: budgetUsd must be a number ≥ 0, got ${budget}.`);
  const spent = new Map<string, number>();
  return {
    id: model.id,
    capabilities: model.capabilities,
    spentUsd: (conversationId = '') => spent.get(conversationId) ?? 0,
    async *stream(request: ModelRequest, streamOptions) {
      const key = request.conversationId ?? '';
      // Checked before the call, and again when route()/fallback() names the model that will answer:
      // their `decided` event comes before that model sends anything.
      const check = (modelId: string) => {
        if (budget === undefined) return;
        const price = priceOf(modelId, table);
        // route()/fallback() themselves have no price: the model they pick is checked at their decision.
        if (!price && COMBINATOR.test(modelId)) return;
        // A budget cannot hold if a model's calls count nothing: refuse before anything is sent.
        if (!price) throw unpriced(modelId);
        // Free (local) models never spend.
        if (price.inputPerMTok === 0 && price.outputPerMTok === 0) return;
        const estimateUsd = costOf(
          { inputTokens: estimateInputTokens(request), outputTokens: request.maxTokens ?? 0 },
          price,
        );
        const so = spent.get(key) ?? 0;
        // Over budget already, or this call alone would take it over.
        if (so + estimateUsd > budget || so >= budget)
          throw new BudgetExceededError({
            spentUsd: so,
            budgetUsd: budget,
            estimateUsd,
            conversationId: key,
          });
      };
      check(model.id);
      let answeredBy = model.id;
      for await (const event of model.stream(request, streamOptions)) {
        if (event.type === 'decided') {
          check(event.model);
          answeredBy = event.model;
        }
        if (event.type !== 'usage') {
          yield event;
          continue;
        }
        const price = priceOf(event.model ?? answeredBy, table);
        if (!price) {
          yield event;
          continue;
        }
        const costUsd = costOf(event.usage, price);
        spent.set(key, (spent.get(key) ?? 0) + costUsd);
        yield { ...event, model: event.model ?? answeredBy, costUsd };
      }
    },
  };
}

/** Ids of `route()` and `fallback()`: they answer through a model they name in a `decided` event. */
const COMBINATOR = /^(route|fallback)\(/;

function unpriced(modelId: string): ConfigurationError {
  const name = modelId.includes(':') ? modelId.slice(modelId.indexOf(':') + 1) : modelId;
  return new ConfigurationError(
    `priced: the model "${modelId}" has no price, so with budgetUsd its calls would count nothing against the budget. Add it: priced(model, { budgetUsd, prices: { "${name}": { inputPerMTok: …, outputPerMTok: … } } }) (USD per million tokens, from the provider's pricing page).`,
  );
}
