/**
 * The isolate's side of a settlement with the client's `UsageCounter` (see docs/adr/0007): what it
 * needs for the request in hand, the allowance it would like to hold, and the admissions it made on
 * its own (overdraft) since it last reported them.
 */
export interface GrantAsk {
  /** The worker's clock (ms since the epoch); decides the window and the UTC day. */
  now: number;
  ratePerMinute: number | undefined;
  dailyCredits: number | undefined;
  /** What the request in hand needs, granted whole or refused (0 and 0 for a background renewal). */
  need: { requests: number; credits: number };
  /** Allowance to reserve on top, as much of it as the limits leave. */
  want: { requests: number; credits: number };
  /** Overdraft admissions to count: requests in `windowStart`'s window, credits on `day`. */
  report: { windowStart: number; requests: number; day: string; credits: number };
}

/** The counter's answer: whether `need` was granted, the allowance reserved, and what is left unreserved. */
export interface GrantAnswer {
  ok: boolean;
  /** Why `need` was refused (only when `ok` is false). */
  reason?: 'rate_limited' | 'credits_exhausted';
  /** Allowance reserved for the isolate on top of `need`. */
  granted: { requests: number; credits: number };
  windowStart: number;
  day: string;
  /** Requests of this window neither counted nor reserved (undefined without a rate limit). */
  requestsLeft: number | undefined;
  /** Credits of this day neither spent nor reserved (undefined without daily credits). */
  creditsLeft: number | undefined;
  /** Grows with every change, so an isolate keeps the newest of answers that arrive out of order. */
  version: number;
}

/** The counts a `UsageCounter` keeps for one client. */
export interface Counts {
  windowStart: number;
  /** Requests counted or reserved in the window starting at `windowStart`. */
  windowCount: number;
  /** UTC day (YYYY-MM-DD) that `spent` belongs to; a new day starts from zero. */
  day: string;
  /** Credits spent or reserved on `day`. */
  spent: number;
  version?: number;
}

export const WINDOW_MS = 60_000;
export const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of `now`. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Start of the fixed one-minute window holding `now`. */
export function windowOf(now: number): number {
  return Math.floor(now / WINDOW_MS) * WINDOW_MS;
}

/**
 * Applies `ask` to `counts` (changed in place): moves to the current window and day, counts the
 * reported overdraft (even past a limit: those requests were already served), then grants `need`
 * whole or refuses it, and reserves as much of `want` as is left.
 */
export function applyGrant(counts: Counts, ask: GrantAsk): GrantAnswer {
  const windowStart = windowOf(ask.now);
  if (counts.windowStart !== windowStart) {
    counts.windowStart = windowStart;
    counts.windowCount = 0;
  }
  const day = utcDay(ask.now);
  if (counts.day !== day) {
    counts.day = day;
    counts.spent = 0;
  }
  if (ask.report.windowStart === windowStart) counts.windowCount += ask.report.requests;
  if (ask.report.day === day) counts.spent += ask.report.credits;
  const rateLeft = () =>
    ask.ratePerMinute === undefined ? Number.POSITIVE_INFINITY : ask.ratePerMinute - counts.windowCount;
  const creditsLeft = () =>
    ask.dailyCredits === undefined ? Number.POSITIVE_INFINITY : ask.dailyCredits - counts.spent;
  let reason: GrantAnswer['reason'];
  if (ask.need.requests > rateLeft()) reason = 'rate_limited';
  else if (ask.need.credits > creditsLeft()) reason = 'credits_exhausted';
  const granted = { requests: 0, credits: 0 };
  if (reason === undefined) {
    counts.windowCount += ask.need.requests;
    counts.spent += ask.need.credits;
    granted.requests = Math.max(0, Math.min(ask.want.requests, rateLeft()));
    granted.credits = Math.max(0, Math.min(ask.want.credits, creditsLeft()));
    counts.windowCount += granted.requests;
    counts.spent += granted.credits;
  }
  counts.version = (counts.version ?? 0) + 1;
  return {
    ok: reason === undefined,
    ...(reason === undefined ? {} : { reason }),
    granted,
    windowStart,
    day,
    requestsLeft: ask.ratePerMinute === undefined ? undefined : Math.max(0, rateLeft()),
    creditsLeft: ask.dailyCredits === undefined ? undefined : Math.max(0, creditsLeft()),
    version: counts.version,
  };
}
