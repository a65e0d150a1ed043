import type { Middleware } from '../http/context.js';
import { HttpError } from '../shared/http-error.js';
import { clientKey } from './client-key.js';
import { verifyClientToken } from './client-token.js';

const MESSAGES = {
  missing: 'This proxy needs a client token: send `Authorization: Bearer <token>` minted with AUTH_SECRET.',
  malformed: 'The client token is malformed: mint a new one with mintClientToken().',
  bad_signature: 'The client token signature is invalid: it was not minted with this proxy’s AUTH_SECRET.',
  expired: 'The client token has expired: mint a new one.',
  too_long_lived: 'The client token lives longer than a day: mint a short-lived one.',
} as const;

/**
 * Client authentication with signed short-lived tokens, active when `AUTH_SECRET` is set. Sets
 * `c.user` to the token's subject; without `AUTH_SECRET` the user is the client's address (an IPv6
 * client's /64, see {@link clientKey}). Runs before
 * the body is read, so an unauthenticated client costs no upstream call and no body buffering.
 */
export function clientAuth(now: () => number): Middleware {
  return async (c, next) => {
    const secret = c.config.authSecret;
    if (secret === undefined) {
      // CF-Connecting-IP is set by Cloudflare's edge and cannot be forged by the client there.
      c.user = clientKey(c.request.headers.get('CF-Connecting-IP'), c.config.clientIpv6Prefix);
      return next();
    }
    const header = c.request.headers.get('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match === null) throw unauthorized('token_missing', MESSAGES.missing);
    const claims = await verifyClientToken(match[1]!, secret, now());
    if (typeof claims === 'string') {
      c.log.auth = claims;
      throw unauthorized(claims === 'expired' ? 'token_expired' : 'token_invalid', MESSAGES[claims]);
    }
    c.log.auth = 'ok';
    c.user = `sub:${claims.sub}`;
    return next();
  };
}

function unauthorized(code: string, message: string): HttpError {
  const error = code === 'token_missing' ? 'invalid_request' : 'invalid_token';
  return new HttpError(401, code, message, {
    headers: { 'WWW-Authenticate': `Bearer realm="agent-chat-proxy", error="${error}"` },
  });
}
