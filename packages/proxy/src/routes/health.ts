import type { Handler } from '../http/context.js';
import { jsonResponse } from '../shared/json-response.js';

/** `GET /health`: liveness only; says nothing about the upstream or the config values. */
export const health: Handler = async () =>
  jsonResponse({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
