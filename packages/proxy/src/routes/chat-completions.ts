import type { Handler } from '../http/context.js';
import { forwardCharged } from '../http/forward-charged.js';
import { upstreamRequestHeaders } from '../http/forwarded-headers.js';
import { parseJsonObject } from '../shared/json-body.js';
import { keepStream } from '../streams/keep-stream.js';
import { recordedChat } from '../transcripts/record-chat.js';
import { applyModelPolicy } from './model-policy.js';

/**
 * `POST /v1/chat/completions`: forwards an OpenAI chat completion request, streaming or not, to
 * the upstream the model is allowlisted for (`default` unless `MODELS` says otherwise).
 * Expects the body-limit middleware to have read the body into `c.body`.
 */
export const chatCompletions: Handler = async (c) => {
  const request = parseJsonObject(c.body ?? new Uint8Array(0));
  const call = applyModelPolicy(c.config, 'openai', request);
  const headers = upstreamRequestHeaders(c.request.headers, call.upstream.apiKey);
  // The body was checked to be JSON, so say so even if the client sent text/plain to skip a preflight.
  headers.set('Content-Type', 'application/json');
  const upstream = new AbortController();
  const forward = async () =>
    keepStream(
      c,
      await forwardCharged(c, call.cost, {
        url: `${call.upstream.baseUrl}/chat/completions`,
        method: 'POST',
        headers,
        body: call.body,
        what: 'The upstream model server',
        setting: call.upstream.name === 'default' ? 'UPSTREAM_BASE_URL' : `UPSTREAMS.${call.upstream.name}`,
        signal: upstream.signal,
      }),
      upstream,
    );
  return recordedChat(c, { model: call.model, messages: request.messages, cost: call.cost }, forward);
};
