import { HttpError } from '../shared/http-error.js';
import type { GrantAnswer, GrantAsk } from './grant.js';
import type { Ledger, Need } from './ledger.js';
import type { UsageRequest } from './usage-request.js';

/**
 * Whose counter a ledger settles with and under which limits: a client (`c.user`, the configured
 * rate limit and daily credits) or the whole deployment (`DEPLOYMENT_DAILY_CREDITS`).
 */
export interface Scope {
  /** The `UsageCounter`'s name. */
  key: string;
  ratePerMinute: number | undefined;
  dailyCredits: number | undefined;
}

/** The client's scope: its own counter, the per-client limits. */
export function clientScope(c: UsageRequest): Scope {
  return {
    key: c.user ?? 'anonymous',
    ratePerMinute: c.config.rateLimitPerMinute,
    dailyCredits: c.config.dailyCredits,
  };
}

// A renewal nobody waits for still must not hold `renewing` forever if the counter never answers.
const RENEWAL_TIMEOUT_MS = 10_000;
// Renewals in a row while requests keep adding overdraft; the next request starts another.
const MAX_RENEWALS_IN_A_ROW = 4;

/**
 * Asks the client's `UsageCounter` for `need` (and a top-up of the allowance, reporting the
 * overdraft), waiting at most `LIMITS_TIMEOUT_MS`. Fails closed: no answer in time, or a failing
 * counter, is `503 limits_unavailable` with `Retry-After`, never a request let through unchecked.
 */
export async function askCounter(
  c: UsageRequest,
  ledger: Ledger,
  need: Need,
  scope: Scope = clientScope(c),
): Promise<GrantAnswer> {
  const ask = ledger.askFor(need, limitsOf(c, scope), c.config.allowance);
  const call = grant(c, ask, scope).then(
    (answer) => {
      ledger.settle(ask, answer);
      return answer;
    },
    (error: unknown) => {
      ledger.unsent(ask);
      throw error;
    },
  );
  // An answer that comes after the timeout still lands in the ledger (its allowance is not lost).
  c.waitUntil(call.catch(() => {}));
  try {
    return await withTimeout(call, c.config.allowance.timeoutMs);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof CounterTimeout) throw unavailable(c, error.message);
    throw unavailable(c, 'the counter failed', error);
  }
}

/**
 * Reports the overdraft and tops the allowance up, off the request path (`ctx.waitUntil`), one
 * renewal per client at a time; repeats while requests add overdraft meanwhile.
 */
export function renewInBackground(c: UsageRequest, ledger: Ledger, scope: Scope = clientScope(c)): void {
  if (ledger.renewing) return;
  ledger.renewing = true;
  const renew = async () => {
    try {
      for (let round = 0; round < MAX_RENEWALS_IN_A_ROW; round++) {
        const ask = ledger.askFor({ requests: 0, credits: 0 }, limitsOf(c, scope), c.config.allowance);
        try {
          ledger.settle(ask, await withTimeout(grant(c, ask, scope), RENEWAL_TIMEOUT_MS));
        } catch {
          ledger.unsent(ask);
          return;
        }
        const needs = {
          requests: scope.ratePerMinute === undefined ? 0 : 1,
          credits: scope.dailyCredits === undefined ? 0 : 1,
        };
        if (!ledger.renewalDue(needs, c.config.allowance)) return;
      }
    } finally {
      ledger.renewing = false;
    }
  };
  c.waitUntil(renew());
}

function grant(c: UsageRequest, ask: GrantAsk, scope: Scope): Promise<GrantAnswer> {
  const namespace = c.config.usage;
  if (namespace === undefined) return Promise.reject(new Error('no USAGE binding'));
  // A stub per call: stubs are I/O objects of the request that made them.
  const stub = namespace.get(namespace.idFromName(scope.key));
  return stub.grant(ask) as Promise<GrantAnswer>;
}

function limitsOf(c: UsageRequest, scope: Scope) {
  return { now: c.now(), ratePerMinute: scope.ratePerMinute, dailyCredits: scope.dailyCredits };
}

function unavailable(c: UsageRequest, detail: string, cause?: unknown): HttpError {
  c.log.limited = 'unavailable';
  const retryAfter = Math.max(1, Math.ceil((c.config.allowance.timeoutMs * 2) / 1000));
  return new HttpError(
    503,
    'limits_unavailable',
    `The rate limit and credits could not be checked (${detail}) and this client has no allowance left in this isolate: retry in ${retryAfter} s.`,
    { headers: { 'Retry-After': String(retryAfter) }, cause },
  );
}

/** The counter did not answer in time (the answer may still land later). */
class CounterTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'CounterTimeout';
  }
}

/** `promise`, or a `CounterTimeout` after `ms`; the timer is cleared either way. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CounterTimeout(ms)), ms);
    }),
  ]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}
