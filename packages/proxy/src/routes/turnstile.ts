import { clientKey } from '../auth/client-key.js';
import { mintClientToken } from '../auth/client-token.js';
import type { TurnstileConfig } from '../config/config-types.js';
import type { Context, Handler } from '../http/context.js';
import { HttpError } from '../shared/http-error.js';
import { parseJsonObject } from '../shared/json-body.js';
import { jsonResponse } from '../shared/json-response.js';
import { chargeUsage } from '../usage/charge-usage.js';
import { turnstileSubject } from './turnstile-subject.js';

/** What siteverify answers (Cloudflare Turnstile server-side validation). */
interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: unknown;
}

// Turnstile tokens are at most 2048 characters.
const MAX_TOKEN_LENGTH = 2048;

/**
 * `POST /v1/turnstile` with `{"token": "<Turnstile response>", "previous"?: "<client token>"}`: verifies
 * the token with siteverify (`TURNSTILE_SITEVERIFY_URL`, Cloudflare's by default) and answers a
 * short-lived client token `{token, expiresAt}`. A renewal that sends its previous client token keeps
 * its subject (see {@link turnstileSubject}), so limits and credits apply per client across renewals;
 * new clients per IP and day are capped. A failed check is `403 turnstile_failed`; the route itself is
 * rate-limited per client IP.
 * Only browsers on `ALLOWED_ORIGINS` can pass a Turnstile check, so a request without Origin is refused.
 */
export const turnstile: Handler = async (c) => {
  const config = c.config.turnstile;
  const secret = c.config.authSecret;
  if (config === undefined || secret === undefined) {
    throw new HttpError(
      404,
      'turnstile_not_configured',
      'This proxy has no Turnstile check: set the TURNSTILE_SECRET_KEY and AUTH_SECRET secrets to enable POST /v1/turnstile.',
    );
  }
  if (!c.request.headers.has('Origin')) {
    throw new HttpError(
      403,
      'origin_missing',
      'A Turnstile token is traded only from a page on ALLOWED_ORIGINS.',
    );
  }
  const ip = c.request.headers.get('CF-Connecting-IP') ?? 'unknown';
  // The client (an IPv6 client's network), for this route's rate limit and the cap on new clients.
  c.user = clientKey(ip, c.config.clientIpv6Prefix);
  await chargeUsage(c, 0);
  const { token, previous } = parseJsonObject(c.body ?? new Uint8Array(0));
  if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) {
    throw new HttpError(
      400,
      'invalid_request',
      'Send {"token": "<the Turnstile widget\'s response>"} (a string of at most 2048 characters).',
    );
  }
  if (previous !== undefined && (typeof previous !== 'string' || previous.length > MAX_TOKEN_LENGTH)) {
    throw new HttpError(
      400,
      'invalid_request',
      '"previous" must be the client token this proxy gave you before (a string), or left out.',
    );
  }
  const answer = await siteverify(c, config, token, ip);
  if (answer.success !== true) throw refused(c, answer);
  c.log.auth = 'turnstile_ok';
  const sub = await turnstileSubject(c, previous, c.user, secret);
  const ttlSeconds = config.tokenTtlSeconds;
  const issued = await mintClientToken({
    secret,
    sub,
    ttlSeconds,
    now: c.now(),
  });
  return jsonResponse(
    { token: issued, expiresAt: new Date(c.now() + ttlSeconds * 1000).toISOString() },
    { headers: { 'Cache-Control': 'no-store' } },
  );
};

/** Asks siteverify whether `token` passed; an unreachable siteverify or one answering no JSON is a 502. */
async function siteverify(
  c: Context,
  config: TurnstileConfig,
  token: string,
  ip: string,
): Promise<SiteverifyAnswer> {
  const form = new URLSearchParams({ secret: config.secretKey, response: token });
  if (ip !== 'unknown') form.set('remoteip', ip);
  try {
    const response = await c.fetch(config.siteverifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    return (await response.json()) as SiteverifyAnswer;
  } catch (cause) {
    throw new HttpError(
      502,
      'turnstile_unreachable',
      'Turnstile siteverify could not be reached or answered no JSON: check TURNSTILE_SITEVERIFY_URL (or leave it unset for Cloudflare).',
      { cause },
    );
  }
}

/** The 403 for a failed check, naming siteverify's error codes (only well-formed ones). */
function refused(c: Context, answer: SiteverifyAnswer): HttpError {
  const codes = Array.isArray(answer['error-codes'])
    ? answer['error-codes'].filter(
        (code): code is string => typeof code === 'string' && /^[a-z-]{1,64}$/.test(code),
      )
    : [];
  c.log.auth = 'turnstile_failed';
  return new HttpError(
    403,
    'turnstile_failed',
    `The Turnstile check did not pass${codes.length ? ` (${codes.join(', ')})` : ''}: solve the challenge again and send the new token.`,
  );
}
