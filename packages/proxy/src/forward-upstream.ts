import type { Context } from './context';
import { clientResponseHeaders, upstreamRequestHeaders } from './forwarded-headers';
import { HttpError } from './http-error';
import { redactSecrets } from './redact';

/**
 * Sends a JSON body to `UPSTREAM_BASE_URL + path` with the configured key and relays the answer.
 * Success bodies are streamed through untouched (never buffered) so tokens reach the browser as
 * they are generated; error bodies are read and scrubbed of the key; redirects are refused.
 */
export async function forwardToUpstream(c: Context, path: string, body: Uint8Array): Promise<Response> {
  const headers = upstreamRequestHeaders(c.request.headers, c.config.upstreamApiKey);
  // The body was checked to be JSON, so say so even if the client sent text/plain to skip a preflight.
  headers.set('Content-Type', 'application/json');
  const secrets = c.config.upstreamApiKey === undefined ? [] : [c.config.upstreamApiKey];

  let upstream: Response;
  try {
    // Redirects are not followed: a redirect would carry the key to a host nobody configured.
    upstream = await c.fetch(`${c.config.upstreamBaseUrl}${path}`, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
    });
  } catch (cause) {
    throw new HttpError(
      502,
      'upstream_unreachable',
      'The upstream model server could not be reached: check UPSTREAM_BASE_URL and that the server is running.',
      { cause },
    );
  }
  c.log.upstreamStatus = upstream.status;

  if (upstream.status >= 300 && upstream.status < 400) {
    await upstream.body?.cancel();
    throw new HttpError(
      502,
      'upstream_redirect',
      'The upstream answered with a redirect, which the proxy does not follow: set UPSTREAM_BASE_URL to the final URL.',
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
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}

function isEventStream(headers: Headers): boolean {
  return (headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/event-stream');
}
