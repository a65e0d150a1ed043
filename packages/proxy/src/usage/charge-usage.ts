import type { Context } from '../context.js';
import { HttpError } from '../http-error.js';
import type { CreditState, RateState } from './usage-counter.js';

/** Gives back what {@link chargeUsage} charged; call it when the upstream did not serve the request. */
export type Refund = () => Promise<void>;

const noRefund: Refund = async () => {};

/**
 * Counts the request against the user's per-minute rate limit and charges `cost` credits, in one
 * call to the user's Durable Object. Adds usage headers to the response; throws 429 (rate limit,
 * with Retry-After) or 402 (credits, with balance and reset time in the body). No-op when neither
 * `RATE_LIMIT_PER_MINUTE` nor `DAILY_CREDITS` is set.
 */
export async function chargeUsage(c: Context, cost: number): Promise<Refund> {
  const namespace = c.config.usage;
  if (namespace === undefined) return noRefund;
  const stub = namespace.get(namespace.idFromName(c.user ?? 'anonymous'));
  const decision = await stub.consume({
    now: c.now(),
    ratePerMinute: c.config.rateLimitPerMinute,
    dailyCredits: c.config.dailyCredits,
    cost,
  });
  if (!decision.ok && decision.reason === 'rate_limited') {
    c.log.limited = 'rate';
    const retryAfter = Math.max(1, Math.ceil((decision.rate.resetAt - c.now()) / 1000));
    throw new HttpError(
      429,
      'rate_limited',
      `Too many requests: at most ${decision.rate.limit} per minute; retry in ${retryAfter} s.`,
      { headers: { 'Retry-After': String(retryAfter), ...rateHeaders(decision.rate) } },
    );
  }
  if (!decision.ok) {
    c.log.limited = 'credits';
    const { credits } = decision;
    throw new HttpError(
      402,
      'credits_exhausted',
      `Not enough credits: this request costs ${credits.cost}, ${credits.balance} of ${credits.limit} left today; they reset at ${new Date(credits.resetAt).toISOString()}.`,
      {
        headers: creditHeaders(credits),
        details: {
          credits: { ...credits, resetAt: new Date(credits.resetAt).toISOString() },
        },
      },
    );
  }
  if (decision.rate !== undefined) setAll(c.responseHeaders, rateHeaders(decision.rate));
  if (decision.credits !== undefined) {
    setAll(c.responseHeaders, creditHeaders(decision.credits));
    c.log.credits = cost;
  }
  if (decision.credits === undefined || cost === 0) return noRefund;
  const { day } = decision;
  return async () => {
    await stub.refund(day, cost);
    c.log.credits = 0;
    c.responseHeaders.set('X-Credits-Remaining', String((decision.credits?.balance ?? 0) + cost));
  };
}

/** Usage headers the proxy sets; exposed to browsers through CORS. */
export const USAGE_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Credits-Limit',
  'X-Credits-Remaining',
  'X-Credits-Cost',
  'X-Credits-Reset',
  'Retry-After',
];

function rateHeaders(rate: RateState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(rate.limit),
    'X-RateLimit-Remaining': String(rate.remaining),
    'X-RateLimit-Reset': String(Math.ceil(rate.resetAt / 1000)),
  };
}

function creditHeaders(credits: CreditState): Record<string, string> {
  return {
    'X-Credits-Limit': String(credits.limit),
    'X-Credits-Remaining': String(credits.balance),
    'X-Credits-Cost': String(credits.cost),
    'X-Credits-Reset': new Date(credits.resetAt).toISOString(),
  };
}

function setAll(headers: Headers, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
}
