import type { Handler } from '../http/context.js';
import { forwardCharged } from '../http/forward-charged.js';
import { upstreamRequestHeaders } from '../http/forwarded-headers.js';
import { parseJsonObject } from '../shared/json-body.js';
import { applyImagePolicy } from './image-policy.js';

/**
 * `POST /v1/images/generations`: forwards an OpenAI image generation request (answered with
 * `b64_json` or `url` images) after the image guards of {@link applyImagePolicy}, charging credits
 * per image and giving them back when the upstream fails.
 */
export const imagesGenerations: Handler = async (c) => {
  const call = applyImagePolicy(c.config, parseJsonObject(c.body ?? new Uint8Array(0)));
  const headers = upstreamRequestHeaders(c.request.headers, call.upstream.apiKey);
  headers.set('Content-Type', 'application/json');
  return forwardCharged(c, call.cost, {
    url: `${call.upstream.baseUrl}/images/generations`,
    method: 'POST',
    headers,
    body: call.body,
    what: 'The upstream image model server',
    setting: call.upstream.name === 'default' ? 'UPSTREAM_BASE_URL' : `UPSTREAMS.${call.upstream.name}`,
  });
};
