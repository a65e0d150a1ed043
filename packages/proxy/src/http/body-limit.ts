import { HttpError } from '../shared/http-error.js';
import type { Middleware } from './context.js';

/**
 * Reads the request body into `c.body`, refusing more than `MAX_BODY_BYTES` with 413: first on the
 * declared Content-Length (without reading anything), then on the bytes actually received, since
 * chunked bodies declare no length and a declared length can be wrong.
 */
export function bodyLimit(): Middleware {
  return async (c, next) => {
    const max = c.config.maxBodyBytes;
    const declared = c.request.headers.get('Content-Length');
    if (declared !== null && Number(declared) > max) throw tooLarge(max);
    c.body = await readAtMost(c.request.body, max);
    return next();
  };
}

async function readAtMost(stream: ReadableStream | null, max: number): Promise<Uint8Array> {
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer);
    total += chunk.byteLength;
    if (total > max) {
      // Stop the client's upload instead of draining the rest of an oversized body.
      await reader.cancel();
      throw tooLarge(max);
    }
    chunks.push(chunk);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function tooLarge(max: number): HttpError {
  return new HttpError(
    413,
    'body_too_large',
    `Request body is larger than ${max} bytes (MAX_BODY_BYTES); send a shorter request or raise the limit.`,
  );
}
