import { DurableObject } from 'cloudflare:workers';

/** One request's ask: what it costs and which limits apply. `now` comes from the worker's clock. */
export interface UsageAsk {
  now: number;
  ratePerMinute: number | undefined;
  dailyCredits: number | undefined;
  cost: number;
}

/** The rate-limit window after a decision. `resetAt` is in ms since the epoch. */
export interface RateState {
  limit: number;
  remaining: number;
  resetAt: number;
}

/** The credit balance after a decision (before it, when refused). `resetAt` is the next UTC midnight. */
export interface CreditState {
  limit: number;
  balance: number;
  cost: number;
  resetAt: number;
}

/** Whether a request may go ahead, with the states to report in usage headers. */
export type UsageDecision =
  | { ok: true; day: string; rate?: RateState; credits?: CreditState }
  | { ok: false; reason: 'rate_limited'; rate: RateState }
  | { ok: false; reason: 'credits_exhausted'; credits: CreditState };

interface Stored {
  windowStart: number;
  windowCount: number;
  /** UTC day (YYYY-MM-DD) that `spent` belongs to; a new day starts from zero. */
  day: string;
  spent: number;
}

const WINDOW_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * One Durable Object per user (or client IP) holding a fixed one-minute request window and the
 * day's spent credits. A Durable Object runs one event at a time and its state is kept in memory
 * with each change written through, so concurrent requests are counted and charged exactly.
 */
export class UsageCounter extends DurableObject {
  #state: Stored = { windowStart: 0, windowCount: 0, day: '', spent: 0 };

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.#state = (await ctx.storage.get<Stored>('usage')) ?? this.#state;
    });
  }

  /** Counts the request and charges `cost`, or refuses without changing anything. */
  consume(ask: UsageAsk): UsageDecision {
    const state = this.#state;
    const windowStart = Math.floor(ask.now / WINDOW_MS) * WINDOW_MS;
    if (state.windowStart !== windowStart) {
      state.windowStart = windowStart;
      state.windowCount = 0;
    }
    const day = utcDay(ask.now);
    if (state.day !== day) {
      state.day = day;
      state.spent = 0;
    }
    const resetAt = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
    if (ask.ratePerMinute !== undefined && state.windowCount >= ask.ratePerMinute) {
      return {
        ok: false,
        reason: 'rate_limited',
        rate: { limit: ask.ratePerMinute, remaining: 0, resetAt: windowStart + WINDOW_MS },
      };
    }
    if (ask.dailyCredits !== undefined && state.spent + ask.cost > ask.dailyCredits) {
      return {
        ok: false,
        reason: 'credits_exhausted',
        credits: {
          limit: ask.dailyCredits,
          balance: ask.dailyCredits - state.spent,
          cost: ask.cost,
          resetAt,
        },
      };
    }
    state.windowCount += 1;
    if (ask.dailyCredits !== undefined) state.spent += ask.cost;
    // Not awaited: the output gate holds our reply until the write is durable.
    void this.ctx.storage.put('usage', state);
    return {
      ok: true,
      day,
      ...(ask.ratePerMinute === undefined
        ? {}
        : {
            rate: {
              limit: ask.ratePerMinute,
              remaining: ask.ratePerMinute - state.windowCount,
              resetAt: windowStart + WINDOW_MS,
            },
          }),
      ...(ask.dailyCredits === undefined
        ? {}
        : {
            credits: {
              limit: ask.dailyCredits,
              balance: ask.dailyCredits - state.spent,
              cost: ask.cost,
              resetAt,
            },
          }),
    };
  }

  /** Gives back credits charged for a request the upstream did not serve, if still the same day. */
  refund(day: string, amount: number): void {
    if (this.#state.day !== day || amount <= 0) return;
    this.#state.spent = Math.max(0, this.#state.spent - amount);
    void this.ctx.storage.put('usage', this.#state);
  }

  /** The day's spent credits (for tests and operators). */
  spent(now: number): number {
    return this.#state.day === utcDay(now) ? this.#state.spent : 0;
  }
}

function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
