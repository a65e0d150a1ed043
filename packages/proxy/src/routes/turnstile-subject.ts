import { checkClientToken } from '../auth/client-token.js';
import { MAX_TOKEN_TTL_SECONDS } from '../config/client-identity.js';
import type { Context } from '../http/context.js';
import { HttpError } from '../shared/http-error.js';

/** Subjects of client tokens minted for a passed Turnstile check start with this. */
export const TURNSTILE_SUBJECT_PREFIX = 'turnstile:';

/**
 * The subject of the client token a passed Turnstile check is traded for. A renewal that shows its
 * previous client token (signed by this proxy, for a Turnstile subject, unexpired or expired less
 * than a day ago) keeps that subject, so its rate window and the day's credits carry on. Anything
 * else starts a new client, and one IP may start only `TURNSTILE_CLIENTS_PER_IP_PER_DAY` of those a
 * UTC day (an IPv6 client: its /64, see clientKey): without that cap, every renewal would be a fresh client with fresh credits.
 */
export async function turnstileSubject(
  c: Context,
  previous: string | undefined,
  client: string,
  secret: string,
): Promise<string> {
  if (previous !== undefined) {
    const claims = await checkClientToken(previous, secret, c.now(), MAX_TOKEN_TTL_SECONDS);
    if (typeof claims !== 'string' && claims.sub.startsWith(TURNSTILE_SUBJECT_PREFIX)) {
      c.log.auth = 'turnstile_renewed';
      return claims.sub;
    }
  }
  await countNewClient(c, client);
  return `${TURNSTILE_SUBJECT_PREFIX}${crypto.randomUUID()}`;
}

async function countNewClient(c: Context, client: string): Promise<void> {
  const namespace = c.config.usage;
  const limit = c.config.turnstile?.clientsPerIpPerDay;
  // No usage storage means limits and credits are both off: a new client gains nothing then.
  if (namespace === undefined || limit === undefined) return;
  // `client` is the address key (`ip:…`, or an IPv6 client's `ip6:…/64`), as for limits.
  const stub = namespace.get(namespace.idFromName(`turnstile-clients:${client}`));
  const decision = await stub.consume({
    now: c.now(),
    ratePerMinute: undefined,
    dailyCredits: limit,
    cost: 1,
  });
  if (decision.ok || decision.reason !== 'credits_exhausted') return;
  const resetAt = new Date(decision.credits.resetAt).toISOString();
  const retryAfter = Math.max(1, Math.ceil((decision.credits.resetAt - c.now()) / 1000));
  c.log.limited = 'turnstile_clients';
  throw new HttpError(
    429,
    'turnstile_clients_exhausted',
    `This address has started ${limit} new Turnstile clients today, the most TURNSTILE_CLIENTS_PER_IP_PER_DAY allows: renew with the previous client token ({"token", "previous"}) or try again after ${resetAt}.`,
    { headers: { 'Retry-After': String(retryAfter) } },
  );
}
