import type { ProxyConfig, UpstreamConfig } from './config';
import { HttpError } from './http-error';

/** What a model route forwards: the chosen upstream and the body, clamped if needed. */
export interface ModelCall {
  model: string;
  upstream: UpstreamConfig;
  body: Uint8Array;
}

// OpenAI has both names (max_completion_tokens for newer models); Anthropic only max_tokens.
const TOKEN_FIELDS = { openai: ['max_tokens', 'max_completion_tokens'], anthropic: ['max_tokens'] } as const;

/**
 * Applies the model allowlist (`MODELS`), picks the upstream for the model, and clamps the output
 * token limit to `MAX_TOKENS` (setting it when the client sent none, so omitting it is no way
 * around the cap). The original bytes are forwarded unless a clamp changed the body.
 */
export function applyModelPolicy(
  config: ProxyConfig,
  api: UpstreamConfig['api'],
  request: Record<string, unknown>,
  original: Uint8Array,
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
  const clamped = clampTokens(config.maxTokens, api, request);
  return {
    model,
    upstream,
    body: clamped ? new TextEncoder().encode(JSON.stringify(request)) : original,
  };
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

/** Lowers token limits above the cap (adding one when absent); returns whether the body changed. */
function clampTokens(
  max: number | undefined,
  api: UpstreamConfig['api'],
  request: Record<string, unknown>,
): boolean {
  if (max === undefined) return false;
  let changed = false;
  let present = false;
  for (const field of TOKEN_FIELDS[api]) {
    const value = request[field];
    if (value === undefined || value === null) continue;
    present = true;
    if (typeof value !== 'number' || value > max) {
      request[field] = max;
      changed = true;
    }
  }
  if (!present) {
    request.max_tokens = max;
    changed = true;
  }
  return changed;
}
