import { HttpError } from './http-error.js';

/**
 * Checks that a request body is a JSON object and returns it parsed. The routes forward this parsed
 * object re-serialised, never the original bytes, so what was checked is what goes upstream.
 */
export function parseJsonObject(body: Uint8Array): Record<string, unknown> {
  if (body.byteLength === 0) {
    throw new HttpError(400, 'invalid_json', 'Request body is empty: send a JSON chat completion request.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body));
  } catch {
    throw new HttpError(
      400,
      'invalid_json',
      'Request body is not valid UTF-8 JSON: send a JSON chat completion request.',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(
      400,
      'invalid_json',
      'Request body must be a JSON object, e.g. {"model": "…", "messages": […]}.',
    );
  }
  return parsed as Record<string, unknown>;
}
