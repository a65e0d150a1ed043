import type { Handler } from '../http/context.js';
import { forwardCharged } from '../http/forward-charged.js';
import { upstreamRequestHeaders } from '../http/forwarded-headers.js';
import { jsonResponse } from '../shared/json-response.js';
import { chargeUsage } from '../usage/charge-usage.js';

/**
 * `GET /v1/models`: with a `MODELS` allowlist, exactly those models in the OpenAI list format
 * (`owned_by` is the upstream name); without one, the default upstream's own list.
 */
export const models: Handler = async (c) => {
  const allowlist = c.config.models;
  if (allowlist === undefined) {
    return forwardCharged(c, 0, {
      url: `${c.config.upstreamBaseUrl}/models`,
      method: 'GET',
      headers: upstreamRequestHeaders(c.request.headers, c.config.upstreamApiKey),
      what: 'The upstream model server',
      setting: 'UPSTREAM_BASE_URL',
    });
  }
  await chargeUsage(c, 0);
  const data = [...allowlist].map(([id, upstream]) => ({
    id,
    object: 'model',
    created: 0,
    owned_by: upstream ?? 'default',
  }));
  return jsonResponse({ object: 'list', data }, { headers: { 'Cache-Control': 'no-store' } });
};
