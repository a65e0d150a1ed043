import { BYTES_PER_TOKEN } from '../config/config-defaults.js';
import type { ProxyConfig, UpstreamConfig } from '../config/config-types.js';
import { HttpError } from '../shared/http-error.js';
import { checkBodyFields } from './body-fields.js';
import { limitCostFields } from './cost-fields.js';

/** What a model route forwards: the chosen upstream, the checked body and what it costs. */
export interface ModelCall {
  model: string;
  upstream: UpstreamConfig;
  /** The checked request, re-serialised: exactly what the checks saw (no duplicate keys). */
  body: Uint8Array;
  /**
   * Credits: the model's price times the multipliers of `n`, `service_tier` and reasoning effort, plus
   * one per `CREDIT_PRICES.inputTokensPerCredit` estimated input tokens.
   */
  cost: number;
}

// OpenAI has both names (max_completion_tokens for newer models); Anthropic only max_tokens.
const TOKEN_FIELDS = { openai: ['max_tokens', 'max_completion_tokens'], anthropic: ['max_tokens'] } as const;

/**
 * Applies the model allowlist (`MODELS`), picks the upstream for the model, refuses body fields it
 * cannot price (`ALLOW_BODY_FIELDS`), clamps the output
 * token limit to `MAX_TOKENS` (setting it when the client sent none, so omitting it is no way
 * around the cap), limits and prices the other cost fields, and re-serialises the parsed request:
 * the upstream never sees bytes the proxy did not check (`{"model":"a","model":"b"}` is one key).
 */
export function applyModelPolicy(
  config: ProxyConfig,
  api: UpstreamConfig['api'],
  request: Record<string, unknown>,
): ModelCall {
  const model = request.model;
  if (typeof model !== 'string' || model.trim() === '') {
    throw new HttpError(400, 'invalid_request', 'The request has no "model": name the model to use.');
  }
  if (config.models !== undefined && !config.models.has(model)) {
    throw new HttpError(
      403,
      'model_not_allowed',
      `This model is not on the proxy's allowlist (MODELS); allowed: ${[...config.models.keys()].join(', ')}.`,
    );
  }
  const upstream = pickUpstream(config, api, config.models?.get(model));
  checkBodyFields(config, api, request);
  clampTokens(config.maxTokens, api, request);
  const multiplier = limitCostFields(config, api, request);
  const price = config.prices.models[model] ?? config.prices.modelCall;
  const body = new TextEncoder().encode(JSON.stringify(request));
  // Input is priced by size: a credit per `inputTokensPerCredit` estimated tokens, on top of the call.
  const inputTokens = Math.ceil(body.byteLength / BYTES_PER_TOKEN);
  const inputCredits = Math.floor(inputTokens / config.prices.inputTokensPerCredit);
  return { model, upstream, body, cost: Math.ceil(price * multiplier) + inputCredits };
}

function pickUpstream(config: ProxyConfig, api: UpstreamConfig['api'], named: string | undefined) {
  const name = named ?? (api === 'anthropic' ? 'anthropic' : 'default');
  const upstream = config.upstreams.get(name);
  if (upstream === undefined) {
    throw new HttpError(
      404,
      'upstream_not_configured',
      'No Anthropic upstream is configured: set the ANTHROPIC_API_KEY secret (or an UPSTREAMS entry with "api": "anthropic").',
    );
  }
  if (upstream.api !== api) {
    const route = upstream.api === 'anthropic' ? '/v1/messages' : '/v1/chat/completions';
    throw new HttpError(400, 'wrong_api', `This model is served through ${route}; send the request there.`);
  }
  return upstream;
}

/** Lowers token limits above the cap, or that are not numbers, and adds one when absent. */
function clampTokens(max: number | undefined, api: UpstreamConfig['api'], request: Record<string, unknown>) {
  if (max === undefined) return;
  let present = false;
  for (const field of TOKEN_FIELDS[api]) {
    const value = request[field];
    if (value === undefined || value === null) continue;
    present = true;
    if (typeof value !== 'number' || !(value <= max)) request[field] = max;
  }
  if (!present) request.max_tokens = max;
}
