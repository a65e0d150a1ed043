import { HttpError } from './http-error.js';
import { jsonResponse } from './json-response.js';

/** The JSON body of every error the proxy answers with. */
export interface ErrorBody {
  error: { code: string; message: string };
  /** Error-specific fields, e.g. `credits: { balance, cost, limit, resetAt }` on a 402. */
  [detail: string]: unknown;
}

/**
 * Turns anything thrown while handling a request into a JSON error response; the single place
 * where errors become responses. Unknown errors give a generic 500 so internals never reach clients.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const body: ErrorBody = { ...error.details, error: { code: error.code, message: error.message } };
    return jsonResponse(body, { status: error.status, headers: error.headers });
  }
  const body: ErrorBody = {
    error: { code: 'internal_error', message: 'The proxy failed unexpectedly; see the worker logs.' },
  };
  return jsonResponse(body, { status: 500 });
}
