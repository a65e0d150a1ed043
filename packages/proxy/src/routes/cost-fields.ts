import { REASONING_EFFORTS, type ReasoningEffort } from '../config/config-fields.js';
import type { ProxyConfig, UpstreamConfig } from '../config/config-types.js';
import { HttpError } from '../shared/http-error.js';

/**
 * Checks the request fields that multiply what a call costs, besides its output length: `n`
 * (completions per request; refused above `MAX_CHOICES`), `service_tier` (refused unless listed in
 * `SERVICE_TIERS`), and reasoning effort (lowered to `MAX_REASONING_EFFORT`; Anthropic's thinking
 * budget to `MAX_TOKENS`). Changes `request` in place and returns the price multiplier: `n` times
 * the tier's and the effort's `CREDIT_PRICES` multipliers.
 */
export function limitCostFields(
  config: ProxyConfig,
  api: UpstreamConfig['api'],
  request: Record<string, unknown>,
): number {
  return choices(config, api, request) * serviceTier(config, request) * reasoning(config, request);
}

function choices(config: ProxyConfig, api: UpstreamConfig['api'], request: Record<string, unknown>): number {
  const n = request.n;
  if (n === undefined || n === null || api !== 'openai') return 1;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
    throw invalid('"n" must be a positive whole number of completions, e.g. 1.');
  }
  if (n > config.maxChoices) {
    throw new HttpError(
      400,
      'choices_not_allowed',
      `The request asks for ${n} completions ("n"); this proxy allows at most ${config.maxChoices} (MAX_CHOICES): send "n": ${config.maxChoices} or leave it out.`,
    );
  }
  return n;
}

function serviceTier(config: ProxyConfig, request: Record<string, unknown>): number {
  const tier = request.service_tier;
  if (tier === undefined || tier === null) return 1;
  if (typeof tier !== 'string' || !config.serviceTiers.has(tier)) {
    throw new HttpError(
      400,
      'service_tier_not_allowed',
      `This "service_tier" is not allowed by the proxy (SERVICE_TIERS); allowed: ${[...config.serviceTiers].join(', ') || 'none'}. Leave the field out for the standard tier.`,
    );
  }
  return config.prices.serviceTiers[tier] ?? 1;
}

/** Every place a provider takes a reasoning effort: OpenAI, OpenRouter / Responses, Anthropic. */
function reasoning(config: ProxyConfig, request: Record<string, unknown>): number {
  let highest: ReasoningEffort | undefined;
  const limit = (holder: Record<string, unknown>, field: string, name: string) => {
    const value = holder[field];
    if (value === undefined || value === null) return;
    if (!REASONING_EFFORTS.includes(value as ReasoningEffort)) {
      throw invalid(`"${name}" must be one of ${REASONING_EFFORTS.join(', ')}.`);
    }
    const effort =
      rank(value as ReasoningEffort) > rank(config.maxReasoningEffort)
        ? config.maxReasoningEffort
        : (value as ReasoningEffort);
    holder[field] = effort;
    if (highest === undefined || rank(effort) > rank(highest)) highest = effort;
  };
  limit(request, 'reasoning_effort', 'reasoning_effort');
  const nested = objectField(request, 'reasoning');
  if (nested !== undefined) {
    limit(nested, 'effort', 'reasoning.effort');
    clampBudget(config, nested, 'max_tokens', 'reasoning.max_tokens');
  }
  const output = objectField(request, 'output_config');
  if (output !== undefined) limit(output, 'effort', 'output_config.effort');
  const thinking = objectField(request, 'thinking');
  if (thinking !== undefined) clampBudget(config, thinking, 'budget_tokens', 'thinking.budget_tokens');
  return highest === undefined ? 1 : (config.prices.reasoningEfforts[highest] ?? 1);
}

/** A reasoning token budget is output tokens too: it may not exceed `MAX_TOKENS`. */
function clampBudget(config: ProxyConfig, holder: Record<string, unknown>, field: string, name: string) {
  const value = holder[field];
  if (value === undefined || value === null || config.maxTokens === undefined) return;
  if (typeof value !== 'number') throw invalid(`"${name}" must be a number of tokens.`);
  if (!(value <= config.maxTokens)) holder[field] = config.maxTokens;
}

function objectField(request: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`"${field}" must be a JSON object.`);
  return value as Record<string, unknown>;
}

function rank(effort: ReasoningEffort): number {
  return REASONING_EFFORTS.indexOf(effort);
}

function invalid(message: string): HttpError {
  return new HttpError(400, 'invalid_request', message);
}
