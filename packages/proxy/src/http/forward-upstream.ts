import { HttpError } from '../shared/http-error.js';
import { redactSecrets } from '../shared/redact.js';
import type { Context } from './context.js';
import { clientResponseHeaders } from './forwarded-headers.js';

/** Where and what to forward: built by a route from config only, never from client-supplied URLs. */
export interface ForwardTarget {
  url: string;
  method: string;
  headers: Headers;
  body?: Uint8Array;
  /** Names the upstream in error messages, e.g. `The upstream model server`. */
  what: string;
  /** The setting to check when it cannot be reached, e.g. `UPSTREAM_BASE_URL`. */
  setting: string;
  /** Aborts the upstream request (a stopped resumable stream, docs/adr/0011). */
  signal?: AbortSignal;
}

/**
 * Sends a request to a configured upstream and relays the answer. Success bodies are streamed
 * through untouched (never buffered) so tokens and MCP events reach the browser as they are
 * produced; error bodies are read and scrubbed of every secret; redirects are refused; the
 * upstream's status is kept exactly (202, 400, 404, 405…).
 */
export async function forwardToUpstream(c: Context, target: ForwardTarget): Promise<Response> {
  const secrets = c.config.secrets;
  let upstream: Response;
  try {
    // Redirects are not followed: a redirect would carry the key to a host nobody configured.
    upstream = await c.fetch(target.url, {
      method: target.method,
      headers: target.headers,
      body: target.body,
      redirect: 'manual',
      signal: target.signal,
    });
  } catch (cause) {
    throw new HttpError(
      502,
      'upstream_unreachable',
      `${target.what} could not be reached: check ${target.setting} and that the server is running.`,
      { cause },
    );
  }
  c.log.upstreamStatus = upstream.status;

  if (upstream.status >= 300 && upstream.status < 400) {
    await upstream.body?.cancel();
    throw new HttpError(
      502,
      'upstream_redirect',
      `${target.what} answered with a redirect, which the proxy does not follow: set ${target.setting} to the final URL.`,
    );
  }

  const responseHeaders = clientResponseHeaders(upstream.headers, secrets);
  if (!upstream.ok) {
    // Error bodies are short and not streamed, so they can be scrubbed: some servers echo the
    // request's Authorization header in their error message.
    const text = redactSecrets(await upstream.text(), secrets);
    return new Response(text, { status: upstream.status, headers: responseHeaders });
  }
  if (isEventStream(upstream.headers)) {
    // Ask every cache and reverse proxy on the way not to hold back events.
    responseHeaders.set('Cache-Control', 'no-cache');
    responseHeaders.set('X-Accel-Buffering', 'no');
  }
  // A null-body status (204, 205) must not get a body, not even an empty stream.
  const body = upstream.status === 204 || upstream.status === 205 ? null : upstream.body;
  return new Response(body, { status: upstream.status, headers: responseHeaders });
}

function isEventStream(headers: Headers): boolean {
  return (headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/event-stream');
}
