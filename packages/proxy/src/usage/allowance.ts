import type { AllowanceConfig } from '../config/config-types.js';
import { carriedAt, type GrantAnswer, type GrantAsk, utcDay, windowOf } from './grant.js';

/** Overdraft admissions sent to the counter in one ask, not yet answered. */
interface Report {
  windowStart: number;
  requests: number;
  day: string;
  credits: number;
}

/**
 * What one isolate knows and holds for one client (docs/adr/0007): the allowance the counter
 * reserved for it (`lease*`), the overdraft it admitted on its own this window / day, what of that
 * it has not reported yet, and the counter's last answer.
 */
export interface Ledger {
  /** The clock at the request in hand (set by {@link Allowances.ledger}). */
  now: number;
  windowStart: number;
  leaseRequests: number;
  overdraftRequests: number;
  day: string;
  leaseCredits: number;
  overdraftCredits: number;
  unreported: Report;
  inFlight: Set<Report>;
  /** Needs of asks in flight (counted as spent until answered, so one isolate never overspends). */
  asking: { requests: number; credits: number };
  /** Allowance asked for in asks in flight, so concurrent asks do not each reserve a full one. */
  wanting: { requests: number; credits: number };
  /** The newest answer of the counter; undefined until the isolate has heard of this client. */
  known: GrantAnswer | undefined;
  renewing: boolean;
}

/** Where an admission comes from, or why it cannot be decided here. */
export type Verdict =
  | { kind: 'admit'; requests: 'lease' | 'overdraft' | 'none'; credits: 'lease' | 'overdraft' | 'none' }
  | { kind: 'refuse'; reason: 'rate_limited' | 'credits_exhausted' }
  | { kind: 'ask' };

/** What a request needs under the configured limits: 1 request and its cost, or 0 where a limit is off. */
export interface Need {
  requests: number;
  credits: number;
}

// An isolate serves many clients; past this many ledgers the oldest idle ones are dropped (their
// reserved allowance goes unused: never more spent, only less).
const MAX_LEDGERS = 10_000;

/** The ledgers of one isolate (one per `createProxy` and config), by client. */
export class Allowances {
  readonly #ledgers = new Map<string, Ledger>();

  /** The client's ledger, moved to the window and day of `now`. */
  ledger(user: string, now: number): Ledger {
    let ledger = this.#ledgers.get(user);
    if (ledger === undefined) {
      ledger = {
        now,
        windowStart: windowOf(now),
        leaseRequests: 0,
        overdraftRequests: 0,
        day: utcDay(now),
        leaseCredits: 0,
        overdraftCredits: 0,
        unreported: { windowStart: windowOf(now), requests: 0, day: utcDay(now), credits: 0 },
        inFlight: new Set(),
        asking: { requests: 0, credits: 0 },
        wanting: { requests: 0, credits: 0 },
        known: undefined,
        renewing: false,
      };
      this.#evictIfFull();
      this.#ledgers.set(user, ledger);
    }
    ledger.now = now;
    roll(ledger, now);
    return ledger;
  }

  #evictIfFull(): void {
    if (this.#ledgers.size < MAX_LEDGERS) return;
    for (const [user, ledger] of this.#ledgers) {
      const idle =
        !ledger.renewing &&
        ledger.inFlight.size === 0 &&
        ledger.unreported.requests === 0 &&
        ledger.unreported.credits === 0;
      if (idle) {
        this.#ledgers.delete(user);
        return;
      }
    }
  }
}

/** A new window drops the window's lease and overdraft; a new UTC day the day's. */
function roll(ledger: Ledger, now: number): void {
  const windowStart = windowOf(now);
  if (ledger.windowStart !== windowStart) {
    ledger.windowStart = windowStart;
    ledger.leaseRequests = 0;
    ledger.overdraftRequests = 0;
    ledger.unreported.requests = 0;
    ledger.unreported.windowStart = windowStart;
  }
  const day = utcDay(now);
  if (ledger.day !== day) {
    ledger.day = day;
    ledger.leaseCredits = 0;
    ledger.overdraftCredits = 0;
    ledger.unreported.credits = 0;
    ledger.unreported.day = day;
  }
}

/**
 * Decides a request from the isolate's own ledger: from the reserved allowance, else (for a client
 * the counter has answered about before and not declared over its limit) from the overdraft, at
 * most `allowance` per window / day; otherwise the counter must be asked.
 */
export function decide(ledger: Ledger, need: Need, allowance: AllowanceConfig): Verdict {
  const known = ledger.known;
  let requests: 'lease' | 'overdraft' | 'none' | 'ask' = 'none';
  if (need.requests > 0) {
    if (ledger.leaseRequests >= need.requests) requests = 'lease';
    else if (requestsLeft(ledger) === 0) return { kind: 'refuse', reason: 'rate_limited' };
    else if (known !== undefined && ledger.overdraftRequests + need.requests <= allowance.requests)
      requests = 'overdraft';
    else requests = 'ask';
  }
  let credits: 'lease' | 'overdraft' | 'none' | 'ask' = 'none';
  if (need.credits > 0) {
    if (ledger.leaseCredits >= need.credits) credits = 'lease';
    else if ((creditsLeft(ledger) ?? Number.POSITIVE_INFINITY) < need.credits)
      return { kind: 'refuse', reason: 'credits_exhausted' };
    else if (known !== undefined && ledger.overdraftCredits + need.credits <= allowance.credits)
      credits = 'overdraft';
    else credits = 'ask';
  }
  if (requests === 'ask' || credits === 'ask') return { kind: 'ask' };
  return { kind: 'admit', requests, credits };
}

/** Takes what the verdict admitted from the ledger. */
export function admit(ledger: Ledger, need: Need, verdict: Extract<Verdict, { kind: 'admit' }>): void {
  if (verdict.requests === 'lease') ledger.leaseRequests -= need.requests;
  if (verdict.requests === 'overdraft') {
    ledger.overdraftRequests += need.requests;
    ledger.unreported.requests += need.requests;
  }
  if (verdict.credits === 'lease') ledger.leaseCredits -= need.credits;
  if (verdict.credits === 'overdraft') {
    ledger.overdraftCredits += need.credits;
    ledger.unreported.credits += need.credits;
  }
}

/**
 * An ask for the counter: `need`, the unreported overdraft (now in flight) and a top-up of the
 * allowance. Only a client that has used its overdraft gets one, as large as what it used (at most
 * the allowance): an allowance reserved for a client that never comes back to this isolate would
 * be taken from what the client may spend elsewhere.
 */
export function askFor(
  ledger: Ledger,
  need: Need,
  limits: { now: number; ratePerMinute: number | undefined; dailyCredits: number | undefined },
  allowance: AllowanceConfig,
): GrantAsk {
  const report = { ...ledger.unreported };
  ledger.unreported.requests = 0;
  ledger.unreported.credits = 0;
  ledger.inFlight.add(report);
  ledger.asking.requests += need.requests;
  ledger.asking.credits += need.credits;
  const topUp = (size: number, lease: number, wanted: number, used: number) =>
    Math.max(0, Math.min(size - lease - wanted, used));
  const ask: GrantAsk = {
    ...limits,
    need,
    want: {
      requests:
        limits.ratePerMinute === undefined
          ? 0
          : topUp(
              allowance.requests,
              ledger.leaseRequests,
              ledger.wanting.requests,
              ledger.overdraftRequests,
            ),
      credits:
        limits.dailyCredits === undefined
          ? 0
          : topUp(allowance.credits, ledger.leaseCredits, ledger.wanting.credits, ledger.overdraftCredits),
    },
    report,
  };
  ledger.wanting.requests += ask.want.requests;
  ledger.wanting.credits += ask.want.credits;
  return ask;
}

/** Takes in the counter's answer to `ask`. */
export function settle(ledger: Ledger, ask: GrantAsk, answer: GrantAnswer): void {
  answered(ledger, ask);
  if (answer.windowStart === ledger.windowStart) ledger.leaseRequests += answer.granted.requests;
  if (answer.day === ledger.day) ledger.leaseCredits += answer.granted.credits;
  if (ledger.known === undefined || answer.version > ledger.known.version) ledger.known = answer;
}

function answered(ledger: Ledger, ask: GrantAsk): void {
  ledger.inFlight.delete(ask.report);
  ledger.wanting.requests -= ask.want.requests;
  ledger.wanting.credits -= ask.want.credits;
  ledger.asking.requests -= ask.need.requests;
  ledger.asking.credits -= ask.need.credits;
}

/** `ask` failed: its overdraft goes back to be reported again. */
export function unsent(ledger: Ledger, ask: GrantAsk): void {
  answered(ledger, ask);
  const report = ask.report;
  if (report.windowStart === ledger.unreported.windowStart) ledger.unreported.requests += report.requests;
  if (report.day === ledger.unreported.day) ledger.unreported.credits += report.credits;
}

/**
 * What the counter has not counted yet in the current window / day: overdraft unreported or in
 * flight (refunds negative), and the needs of asks in flight.
 */
function pending(ledger: Ledger, withAsks: boolean): { requests: number; credits: number } {
  let requests = ledger.unreported.requests + (withAsks ? ledger.asking.requests : 0);
  let credits = ledger.unreported.credits + (withAsks ? ledger.asking.credits : 0);
  for (const report of ledger.inFlight) {
    if (report.windowStart === ledger.windowStart) requests += report.requests;
    if (report.day === ledger.day) credits += report.credits;
  }
  return { requests, credits };
}

/**
 * The client's requests left this window as this isolate sees them: what the counter last had
 * unreserved, less overdraft it has not counted, plus this isolate's lease. Undefined when the
 * counter has not answered for this window; grows as the previous window's requests slide out. With `basis` (the answer to this request's own ask),
 * from that answer, leaving out other asks in flight: what the client is told, not what is decided.
 */
export function requestsLeft(ledger: Ledger, basis?: GrantAnswer): number | undefined {
  const known = basis ?? ledger.known;
  if (known?.requestsLeft === undefined || known.windowStart !== ledger.windowStart) return undefined;
  // The minute slides: the previous window's requests that have slid out since the answer are free again.
  const released = basis
    ? 0
    : carriedAt(known.prevCount, known.windowStart, known.at) -
      carriedAt(known.prevCount, known.windowStart, ledger.now);
  return Math.max(0, known.requestsLeft + released - pending(ledger, !basis).requests) + ledger.leaseRequests;
}

/** The same for the day's credits. */
export function creditsLeft(ledger: Ledger, basis?: GrantAnswer): number | undefined {
  const known = basis ?? ledger.known;
  if (known?.creditsLeft === undefined || known.day !== ledger.day) return undefined;
  return Math.max(0, known.creditsLeft - pending(ledger, !basis).credits) + ledger.leaseCredits;
}

/** Gives `credits` back (the upstream did not serve the request): reported with the next renewal. */
export function refundCredits(ledger: Ledger, day: string, credits: number): void {
  if (ledger.day === day) ledger.unreported.credits -= credits;
}

/** Whether a background renewal is due: overdraft to report, or the lease at half the allowance or less. */
export function renewalDue(ledger: Ledger, need: Need, allowance: AllowanceConfig): boolean {
  if (ledger.unreported.requests !== 0 || ledger.unreported.credits !== 0) return true;
  // Only a client that has used overdraft gets a reserved allowance (see askFor); where the counter
  // had nothing left to reserve, asking again would only load it.
  const low = (lease: number, size: number, used: number, left: number | undefined) =>
    size > 0 && used > 0 && lease * 2 <= size && left !== 0;
  const known = ledger.known;
  return (
    (need.requests > 0 &&
      low(ledger.leaseRequests, allowance.requests, ledger.overdraftRequests, known?.requestsLeft)) ||
    (need.credits > 0 &&
      low(ledger.leaseCredits, allowance.credits, ledger.overdraftCredits, known?.creditsLeft))
  );
}
