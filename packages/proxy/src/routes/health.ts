import type { Handler } from '../context.js';
import { jsonResponse } from '../json-response.js';

/** `GET /health`: liveness only; says nothing about the upstream or the config values. */
export const health: Handler = async () =>
  jsonResponse({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
