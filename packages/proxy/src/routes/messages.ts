import type { Handler } from '../context';
import { forwardCharged } from '../forward-charged';
import { pickHeaders } from '../forwarded-headers';
import { parseJsonObject } from '../json-body';
import { applyModelPolicy } from '../model-policy';

/** The Messages API version sent when the client names none. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * `POST /v1/messages`: forwards an Anthropic Messages API request (streaming or not) with the key
 * as `x-api-key`. The client's own `x-api-key` and `Authorization` are never forwarded.
 */
export const messages: Handler = async (c) => {
  const original = c.body ?? new Uint8Array(0);
  const call = applyModelPolicy(c.config, 'anthropic', parseJsonObject(original), original);
  const headers = pickHeaders(c.request.headers, ['accept', 'anthropic-version', 'anthropic-beta']);
  headers.set('Content-Type', 'application/json');
  if (!headers.has('anthropic-version')) headers.set('anthropic-version', ANTHROPIC_VERSION);
  if (call.upstream.apiKey !== undefined) headers.set('x-api-key', call.upstream.apiKey);
  const { prices } = c.config;
  return forwardCharged(c, prices.models[call.model] ?? prices.modelCall, {
    url: `${call.upstream.baseUrl}/messages`,
    method: 'POST',
    headers,
    body: call.body,
    what: 'The Anthropic upstream',
    setting: call.upstream.name === 'anthropic' ? 'ANTHROPIC_BASE_URL' : `UPSTREAMS.${call.upstream.name}`,
  });
};
