import { DurableObject } from 'cloudflare:workers';
import {
  advance,
  applyGrant,
  type Counts,
  carriedOver,
  DAY_MS,
  type GrantAnswer,
  type GrantAsk,
  utcDay,
  WINDOW_MS,
} from './grant.js';

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

/**
 * One Durable Object per user (or client address) holding a sliding one-minute request window and the
 * day's spent credits: the authority every isolate settles with. Model requests do not wait for it:
 * isolates hold a small reserved allowance per client and renew it in the background ({@link grant},
 * docs/adr/0007). A Durable Object runs one event at a time and its state is kept in memory with
 * each change written through, so concurrent asks are counted exactly.
 */
export class UsageCounter extends DurableObject {
  #state: Counts = { windowStart: 0, windowCount: 0, day: '', spent: 0 };

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.#state = (await ctx.storage.get<Counts>('usage')) ?? this.#state;
    });
  }

  /** Counts the request and charges `cost`, or refuses without changing anything. */
  consume(ask: UsageAsk): UsageDecision {
    const state = this.#state;
    const { windowStart, day } = advance(state, ask.now);
    const resetAt = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
    const counted = state.windowCount + carriedOver(state, ask.now);
    if (ask.ratePerMinute !== undefined && counted >= ask.ratePerMinute) {
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
              remaining: Math.max(0, ask.ratePerMinute - counted - 1),
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

  /**
   * Counts an isolate's reported overdraft, grants the request in hand whole or refuses it, and
   * reserves an allowance the isolate spends without asking again.
   */
  grant(ask: GrantAsk): GrantAnswer {
    const answer = applyGrant(this.#state, ask);
    // Not awaited: the output gate holds our reply until the write is durable.
    void this.ctx.storage.put('usage', this.#state);
    return answer;
  }

  /** The day's spent (or reserved) credits, for tests and operators. */
  spent(now: number): number {
    return this.#state.day === utcDay(now) ? this.#state.spent : 0;
  }
}
