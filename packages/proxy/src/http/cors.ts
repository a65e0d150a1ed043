import { HttpError } from '../shared/http-error.js';
import { USAGE_HEADERS } from '../usage/charge-usage.js';
import type { Middleware } from './context.js';

/** Methods the proxy serves to browsers; announced in preflight answers. */
export const CORS_ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';

/** Request headers allowed when a preflight does not ask for specific ones. */
export const CORS_DEFAULT_ALLOWED_HEADERS =
  'Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, X-Resumable';

/**
 * Response headers browser code may read: the MCP protocol's (a browser MCP client needs the
 * session id and the auth challenge) and the proxy's usage headers.
 */
export const CORS_EXPOSED_HEADERS = [
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Last-Event-ID',
  'WWW-Authenticate',
  'X-Stream-Id',
  ...USAGE_HEADERS,
].join(', ');

// A header-name list as browsers send it in Access-Control-Request-Headers.
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

/**
 * CORS with an exact origin allowlist (`ALLOWED_ORIGINS`). A request with an Origin that is not
 * listed gets 403 before anything else runs, so it never reaches the upstream. A request without
 * an Origin (curl, a script, a server) is refused too unless client tokens are configured
 * (`AUTH_SECRET`), in which case it must bring a token; only `/health` needs neither.
 */
export function cors(): Middleware {
  return async (c, next) => {
    const origin = c.request.headers.get('Origin');
    if (origin === null) {
      c.log.origin = 'absent';
      if (c.config.authSecret === undefined && c.url.pathname !== '/health') {
        throw new HttpError(
          403,
          'origin_missing',
          'This request has no Origin header, and without client tokens the proxy serves only the browser origins in ALLOWED_ORIGINS: call it from an allowed page, or set AUTH_SECRET and send `Authorization: Bearer <token>` from servers.',
        );
      }
      return next();
    }
    if (!c.config.allowedOrigins.has(origin)) {
      c.log.origin = 'denied';
      throw new HttpError(
        403,
        'origin_not_allowed',
        'This origin may not use the proxy: add it to ALLOWED_ORIGINS (comma-separated exact origins).',
      );
    }
    c.log.origin = 'allowed';
    // Echo the one matching origin, never `*`: the allowlist is the point.
    c.responseHeaders.set('Access-Control-Allow-Origin', origin);
    c.responseHeaders.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);

    const isPreflight =
      c.request.method === 'OPTIONS' && c.request.headers.has('Access-Control-Request-Method');
    if (!isPreflight) return next();

    // Requested headers are reflected: the proxy forwards only an allowlist upstream, so letting
    // a client send others (e.g. SDK telemetry headers) costs nothing and avoids preflight failures.
    const requested = c.request.headers.get('Access-Control-Request-Headers')?.trim() ?? '';
    const allowHeaders = HEADER_LIST.test(requested) ? requested : CORS_DEFAULT_ALLOWED_HEADERS;
    return new Response(null, {
      status: 204,
      headers: {
        'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS,
        'Access-Control-Allow-Headers': allowHeaders,
        'Access-Control-Max-Age': '600',
      },
    });
  };
}
