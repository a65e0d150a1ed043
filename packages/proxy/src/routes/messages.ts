import type { Handler } from '../http/context.js';
import { forwardCharged } from '../http/forward-charged.js';
import { pickHeaders } from '../http/forwarded-headers.js';
import { parseJsonObject } from '../shared/json-body.js';
import { keepStream } from '../streams/keep-stream.js';
import { recordedChat } from '../transcripts/record-chat.js';
import { allowedBetas } from './anthropic-beta.js';
import { applyModelPolicy } from './model-policy.js';

/** The Messages API version sent when the client names none. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * `POST /v1/messages`: forwards an Anthropic Messages API request (streaming or not) with the key
 * as `x-api-key`. The client's own `x-api-key` and `Authorization` are never forwarded, and
 * `anthropic-beta` only when every flag in it is on the operator's `ANTHROPIC_BETAS` list. With
 * `TRANSCRIPTS="on"` the conversation is stored as for chat completions.
 */
export const messages: Handler = async (c) => {
  const request = parseJsonObject(c.body ?? new Uint8Array(0));
  const call = applyModelPolicy(c.config, 'anthropic', request);
  const headers = pickHeaders(c.request.headers, ['accept', 'anthropic-version']);
  const betas = allowedBetas(c.config, c.request.headers);
  if (betas !== undefined) headers.set('anthropic-beta', betas);
  headers.set('Content-Type', 'application/json');
  if (!headers.has('anthropic-version')) headers.set('anthropic-version', ANTHROPIC_VERSION);
  if (call.upstream.apiKey !== undefined) headers.set('x-api-key', call.upstream.apiKey);
  const upstream = new AbortController();
  const forward = async () =>
    keepStream(
      c,
      await forwardCharged(c, call.cost, {
        url: `${call.upstream.baseUrl}/messages`,
        method: 'POST',
        headers,
        body: call.body,
        what: 'The Anthropic upstream',
        setting:
          call.upstream.name === 'anthropic' ? 'ANTHROPIC_BASE_URL' : `UPSTREAMS.${call.upstream.name}`,
        signal: upstream.signal,
      }),
      upstream,
    );
  return recordedChat(
    c,
    { model: call.model, messages: request.messages, cost: call.cost, dialect: 'anthropic' },
    forward,
  );
};
