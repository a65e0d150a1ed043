import { HttpError } from '../shared/http-error.js';
import { clientScope, renewInBackground } from './ask-counter.js';
import { chargeDeployment } from './deployment-ceiling.js';
import { DAY_MS, type GrantAnswer, WINDOW_MS } from './grant.js';
import type { Ledger, Need } from './ledger.js';
import { take } from './take.js';
import type { CreditState, RateState } from './usage-counter.js';
import type { UsageRequest } from './usage-request.js';

/** Gives back what {@link chargeUsage} charged; call it when the upstream did not serve the request. */
export type Refund = () => Promise<void>;

const noRefund: Refund = async () => {};

/**
 * Counts the request against the client's per-minute rate limit and charges `cost` credits, to the
 * client and (at the same time, `DEPLOYMENT_DAILY_CREDITS`) to the deployment as a whole; what one
 * charged is given back when the other refuses. Decided
 * in the isolate from the client's allowance where it can be (docs/adr/0007), so a known client's
 * request never waits for the `UsageCounter`; a client this isolate has not heard of, or one whose
 * allowance is spent, waits for one answer (at most `LIMITS_TIMEOUT_MS`, then 503
 * `limits_unavailable`). Adds usage headers to the response; throws 429 (rate limit, with
 * Retry-After) or 402 (credits, with balance and reset time in the body). No-op when neither
 * `RATE_LIMIT_PER_MINUTE` nor `DAILY_CREDITS` is set.
 */
export async function chargeUsage(c: UsageRequest, cost: number): Promise<Refund> {
  if (c.config.usage === undefined) return noRefund;
  // Side by side, so a request that must ask both counters waits for one round trip, not two.
  const [deployment, client] = await Promise.allSettled([chargeDeployment(c, cost), chargeClient(c, cost)]);
  if (deployment.status === 'rejected') {
    if (client.status === 'fulfilled') await client.value();
    throw deployment.reason;
  }
  if (client.status === 'rejected') {
    deployment.value();
    throw client.reason;
  }
  return async () => {
    deployment.value();
    await client.value();
  };
}

async function chargeClient(c: UsageRequest, cost: number): Promise<Refund> {
  const { rateLimitPerMinute, dailyCredits } = c.config;
  const need: Need = {
    requests: rateLimitPerMinute === undefined ? 0 : 1,
    credits: dailyCredits === undefined ? 0 : cost,
  };
  const ledger = c.allowances.ledger(c.user ?? 'anonymous', c.now());
  const taken = await take(c, ledger, need, clientScope(c), (reason) => refuse(c, ledger, reason, cost));
  c.log.limits = taken.via === 'isolate' ? 'isolate' : 'counter';
  const basis = taken.via === 'counter' ? taken.basis : undefined;
  const rate = rateState(c, ledger, basis);
  const credits = creditState(c, ledger, cost, basis);
  if (rate !== undefined) setAll(c.responseHeaders, rateHeaders(rate));
  if (credits !== undefined) {
    setAll(c.responseHeaders, creditHeaders(credits));
    c.log.credits = cost;
  }
  if (credits === undefined || cost === 0) return noRefund;
  const day = ledger.day;
  return async () => {
    ledger.refund(day, cost);
    renewInBackground(c, ledger);
    c.log.credits = 0;
    c.responseHeaders.set('X-Credits-Remaining', String(credits.balance + cost));
  };
}

function refuse(
  c: UsageRequest,
  ledger: Ledger,
  reason: 'rate_limited' | 'credits_exhausted',
  cost: number,
): never {
  if (reason === 'rate_limited') {
    c.log.limited = 'rate';
    const rate = { ...(rateState(c, ledger) as RateState), remaining: 0 };
    const retryAfter = Math.max(1, Math.ceil((rate.resetAt - c.now()) / 1000));
    throw new HttpError(
      429,
      'rate_limited',
      `Too many requests: at most ${rate.limit} per minute; retry in ${retryAfter} s.`,
      { headers: { 'Retry-After': String(retryAfter), ...rateHeaders(rate) } },
    );
  }
  c.log.limited = 'credits';
  const credits = creditState(c, ledger, cost) as CreditState;
  throw new HttpError(
    402,
    'credits_exhausted',
    `Not enough credits: this request costs ${credits.cost}, ${credits.balance} of ${credits.limit} left today; they reset at ${new Date(credits.resetAt).toISOString()}.`,
    {
      headers: creditHeaders(credits),
      details: { credits: { ...credits, resetAt: new Date(credits.resetAt).toISOString() } },
    },
  );
}

/** The rate window as this isolate sees it (what the client is told). */
function rateState(c: UsageRequest, ledger: Ledger, basis?: GrantAnswer): RateState | undefined {
  const limit = c.config.rateLimitPerMinute;
  if (limit === undefined) return undefined;
  const remaining = ledger.requestsLeft(basis) ?? Math.max(0, limit - ledger.overdraftRequests);
  return { limit, remaining: Math.min(limit, remaining), resetAt: ledger.windowStart + WINDOW_MS };
}

/** The day's credits as this isolate sees them. */
function creditState(
  c: UsageRequest,
  ledger: Ledger,
  cost: number,
  basis?: GrantAnswer,
): CreditState | undefined {
  const limit = c.config.dailyCredits;
  if (limit === undefined) return undefined;
  const balance = ledger.creditsLeft(basis) ?? Math.max(0, limit - ledger.overdraftCredits);
  const resetAt = Date.parse(`${ledger.day}T00:00:00Z`) + DAY_MS;
  return { limit, balance: Math.min(limit, balance), cost, resetAt };
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
