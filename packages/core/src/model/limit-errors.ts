import { ModelCallError } from '../errors.js';

/**
 * Rate limits shorter than this are waited out by `withRetry`; a longer wait is the user's to know
 * (a proxy's per-minute limit), so the error reaches the UI at once with when to try again.
 */
export const RATE_LIMIT_RETRY_MAX_SECONDS = 10;

/** Too many requests (HTTP 429) from the provider or the agent-chat proxy's per-client limit. */
export class RateLimitedError extends ModelCallError {
  constructor(options: { url: string; retryAfterSeconds?: number | undefined; providerMessage?: string }) {
    const wait = options.retryAfterSeconds;
    super({
      ...options,
      status: 429,
      code: 'rate_limited',
      summary: `Too many requests (HTTP 429): try again in ${wait === undefined ? 'a moment' : `${Math.ceil(wait)} s`}.`,
      isRetryable: wait === undefined || wait <= RATE_LIMIT_RETRY_MAX_SECONDS,
      details: wait === undefined ? {} : { retryAfterSeconds: wait },
    });
  }
}

/** What the agent-chat proxy says on a 402: the day's credit limit, what is left, the refused cost. */
export interface CreditsState {
  limit?: number;
  balance?: number;
  cost?: number;
  /** When the credits come back (ISO time; the proxy resets at 00:00 UTC). */
  resetAt?: string;
}

/** The credits for this user are spent (HTTP 402): nothing more until they reset. Not retryable. */
export class CreditsExhaustedError extends ModelCallError {
  readonly balance: number | undefined;
  readonly cost: number | undefined;
  readonly limit: number | undefined;
  /** When the credits come back, when the server said so. */
  readonly resetAt: Date | undefined;

  constructor(options: { url: string; credits?: CreditsState | undefined; providerMessage?: string }) {
    const { balance, cost, limit, resetAt } = options.credits ?? {};
    const reset = resetAt ? new Date(resetAt) : undefined;
    const known = reset && !Number.isNaN(reset.getTime());
    super({
      ...options,
      status: 402,
      code: 'credits_exhausted',
      summary: `Out of credits (HTTP 402): ${balance ?? '?'} of ${limit ?? '?'} left, this request costs ${cost ?? '?'}; ${known ? `they reset at ${resetAt}` : 'wait for them to reset'}.`,
      isRetryable: false,
      details: known ? { resetAt: reset.toISOString() } : {},
    });
    this.balance = balance;
    this.cost = cost;
    this.limit = limit;
    this.resetAt = known ? reset : undefined;
  }
}
