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
  /** Requests of this window neither counted nor reserved, at `at` (undefined without a rate limit). */
  requestsLeft: number | undefined;
  /** The previous window's requests, which slide out as the window goes on (see {@link carriedOver}). */
  prevCount: number;
  /** The ask's time, when `requestsLeft` was true. */
  at: number;
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
  /** Requests of the window before `windowStart` (0 when that window was skipped); they slide out. */
  prevCount?: number;
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

/** Start of the one-minute window holding `now`. */
export function windowOf(now: number): number {
  return Math.floor(now / WINDOW_MS) * WINDOW_MS;
}

/** The one-minute window and the UTC day that `now` falls in: the two periods every count rolls over. */
export function periodOf(now: number): { windowStart: number; day: string } {
  return { windowStart: windowOf(now), day: utcDay(now) };
}

/**
 * Moves `counts` forward to the window and UTC day of `now`, never back: an ask stamped with an older
 * window or day (a late renewal, an isolate whose clock is behind) is counted in the newer ones, the
 * safe side, and never resets them (issue 39).
 */
export function advance(counts: Counts, now: number): { windowStart: number; day: string } {
  const { windowStart, day } = periodOf(now);
  if (windowStart > counts.windowStart) {
    counts.prevCount = windowStart - counts.windowStart === WINDOW_MS ? counts.windowCount : 0;
    counts.windowStart = windowStart;
    counts.windowCount = 0;
  }
  // YYYY-MM-DD strings compare in date order.
  if (day > counts.day) {
    counts.day = day;
    counts.spent = 0;
  }
  return { windowStart: counts.windowStart, day: counts.day };
}

/**
 * The sliding minute: the previous window's requests that still count at `now`, weighted by how much
 * of that window the minute ending at `now` covers (rounded up). So a client that spent the whole
 * limit at the end of one window has (almost) nothing left at the start of the next; in any t ≤ 60
 * seconds at most `limit × (1 + t / 60)` requests are counted, never two full windows back to back.
 */
export function carriedOver(counts: Counts, now: number): number {
  return carriedAt(counts.prevCount ?? 0, counts.windowStart, now);
}

/** {@link carriedOver} from its parts: `prevCount` requests before the window starting at `windowStart`. */
export function carriedAt(prevCount: number, windowStart: number, now: number): number {
  const left = Math.max(0, WINDOW_MS - Math.max(0, now - windowStart));
  // Multiplied before dividing, so whole fractions stay whole (3 × 20 s / 60 s is 1, not 1.0000000000000002).
  return Math.ceil((prevCount * left) / WINDOW_MS);
}

/**
 * Applies `ask` to `counts` (changed in place): moves forward to the current window and day, counts the
 * reported overdraft (even past a limit: those requests were already served), then grants `need`
 * whole or refuses it, and reserves as much of `want` as is left.
 */
export function applyGrant(counts: Counts, ask: GrantAsk): GrantAnswer {
  const { windowStart, day } = advance(counts, ask.now);
  if (ask.report.windowStart === windowStart) counts.windowCount += ask.report.requests;
  // Overdraft of the window just ended still slides out of the current one.
  else if (ask.report.windowStart === windowStart - WINDOW_MS)
    counts.prevCount = (counts.prevCount ?? 0) + ask.report.requests;
  if (ask.report.day === day) counts.spent += ask.report.credits;
  const carried = carriedOver(counts, ask.now);
  const rateLeft = () =>
    ask.ratePerMinute === undefined
      ? Number.POSITIVE_INFINITY
      : ask.ratePerMinute - counts.windowCount - carried;
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
    prevCount: counts.prevCount ?? 0,
    at: ask.now,
    version: counts.version,
  };
}
