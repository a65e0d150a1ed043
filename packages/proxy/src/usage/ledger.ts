import type { AllowanceConfig } from '../config/config-types.js';
import { carriedAt, type GrantAnswer, type GrantAsk, periodOf } from './grant.js';

/** Overdraft admissions sent to the counter in one ask, not yet answered. */
interface Report {
  windowStart: number;
  requests: number;
  day: string;
  credits: number;
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

/**
 * What one isolate knows and holds for one client (docs/adr/0007): the allowance the counter
 * reserved for it (lease), the overdraft it admitted on its own this window / day, what of that it
 * has not reported yet, and the counter's last answer. Changed only through its methods, each one
 * step of a charge: {@link decide} and {@link admit} in the isolate, {@link askFor} with
 * {@link settle} or {@link unsent} around an ask to the counter, {@link refund} afterwards.
 */
export class Ledger {
  /** The clock at the request in hand (set by {@link roll}). */
  #now: number;
  #windowStart: number;
  #leaseRequests = 0;
  #overdraftRequests = 0;
  #day: string;
  #leaseCredits = 0;
  #overdraftCredits = 0;
  readonly #unreported: Report;
  readonly #inFlight = new Set<Report>();
  /** Needs of asks in flight (counted as spent until answered, so one isolate never overspends). */
  readonly #asking = { requests: 0, credits: 0 };
  /** Allowance asked for in asks in flight, so concurrent asks do not each reserve a full one. */
  readonly #wanting = { requests: 0, credits: 0 };
  /** The newest answer of the counter; undefined until the isolate has heard of this client. */
  #known: GrantAnswer | undefined;
  /** A background renewal is running (one per client at a time). */
  renewing = false;

  constructor(now: number) {
    const { windowStart, day } = periodOf(now);
    this.#now = now;
    this.#windowStart = windowStart;
    this.#day = day;
    this.#unreported = { windowStart, requests: 0, day, credits: 0 };
  }

  /** Start of the current one-minute window. */
  get windowStart(): number {
    return this.#windowStart;
  }

  /** The current UTC day. */
  get day(): string {
    return this.#day;
  }

  /** Requests admitted on overdraft this window. */
  get overdraftRequests(): number {
    return this.#overdraftRequests;
  }

  /** Credits admitted on overdraft today. */
  get overdraftCredits(): number {
    return this.#overdraftCredits;
  }

  /** Nothing reported, in flight or being renewed: the ledger can be dropped. */
  get idle(): boolean {
    return (
      !this.renewing &&
      this.#inFlight.size === 0 &&
      this.#unreported.requests === 0 &&
      this.#unreported.credits === 0
    );
  }

  /** Moves to the window and day of `now`: a new window drops the window's lease and overdraft; a new UTC day the day's. */
  roll(now: number): void {
    this.#now = now;
    const { windowStart, day } = periodOf(now);
    if (this.#windowStart !== windowStart) {
      this.#windowStart = windowStart;
      this.#leaseRequests = 0;
      this.#overdraftRequests = 0;
      this.#unreported.requests = 0;
      this.#unreported.windowStart = windowStart;
    }
    if (this.#day !== day) {
      this.#day = day;
      this.#leaseCredits = 0;
      this.#overdraftCredits = 0;
      this.#unreported.credits = 0;
      this.#unreported.day = day;
    }
  }

  /**
   * Decides a request from the isolate's own ledger: from the reserved allowance, else (for a client
   * the counter has answered about before and not declared over its limit) from the overdraft, at
   * most `allowance` per window / day; otherwise the counter must be asked.
   */
  decide(need: Need, allowance: AllowanceConfig): Verdict {
    const known = this.#known;
    let requests: 'lease' | 'overdraft' | 'none' | 'ask' = 'none';
    if (need.requests > 0) {
      if (this.#leaseRequests >= need.requests) requests = 'lease';
      else if (this.requestsLeft() === 0) return { kind: 'refuse', reason: 'rate_limited' };
      else if (known !== undefined && this.#overdraftRequests + need.requests <= allowance.requests)
        requests = 'overdraft';
      else requests = 'ask';
    }
    let credits: 'lease' | 'overdraft' | 'none' | 'ask' = 'none';
    if (need.credits > 0) {
      if (this.#leaseCredits >= need.credits) credits = 'lease';
      else if ((this.creditsLeft() ?? Number.POSITIVE_INFINITY) < need.credits)
        return { kind: 'refuse', reason: 'credits_exhausted' };
      else if (known !== undefined && this.#overdraftCredits + need.credits <= allowance.credits)
        credits = 'overdraft';
      else credits = 'ask';
    }
    if (requests === 'ask' || credits === 'ask') return { kind: 'ask' };
    return { kind: 'admit', requests, credits };
  }

  /** Takes what the verdict admitted. */
  admit(need: Need, verdict: Extract<Verdict, { kind: 'admit' }>): void {
    if (verdict.requests === 'lease') this.#leaseRequests -= need.requests;
    if (verdict.requests === 'overdraft') {
      this.#overdraftRequests += need.requests;
      this.#unreported.requests += need.requests;
    }
    if (verdict.credits === 'lease') this.#leaseCredits -= need.credits;
    if (verdict.credits === 'overdraft') {
      this.#overdraftCredits += need.credits;
      this.#unreported.credits += need.credits;
    }
  }

  /**
   * An ask for the counter: `need`, the unreported overdraft (now in flight) and a top-up of the
   * allowance. Only a client that has used its overdraft gets one, as large as what it used (at most
   * the allowance): an allowance reserved for a client that never comes back to this isolate would
   * be taken from what the client may spend elsewhere.
   */
  askFor(
    need: Need,
    limits: { now: number; ratePerMinute: number | undefined; dailyCredits: number | undefined },
    allowance: AllowanceConfig,
  ): GrantAsk {
    const report = { ...this.#unreported };
    this.#unreported.requests = 0;
    this.#unreported.credits = 0;
    this.#inFlight.add(report);
    this.#asking.requests += need.requests;
    this.#asking.credits += need.credits;
    const topUp = (size: number, lease: number, wanted: number, used: number) =>
      Math.max(0, Math.min(size - lease - wanted, used));
    const ask: GrantAsk = {
      ...limits,
      need,
      want: {
        requests:
          limits.ratePerMinute === undefined
            ? 0
            : topUp(allowance.requests, this.#leaseRequests, this.#wanting.requests, this.#overdraftRequests),
        credits:
          limits.dailyCredits === undefined
            ? 0
            : topUp(allowance.credits, this.#leaseCredits, this.#wanting.credits, this.#overdraftCredits),
      },
      report,
    };
    this.#wanting.requests += ask.want.requests;
    this.#wanting.credits += ask.want.credits;
    return ask;
  }

  /** Takes in the counter's answer to `ask`. */
  settle(ask: GrantAsk, answer: GrantAnswer): void {
    this.#answered(ask);
    if (answer.windowStart === this.#windowStart) this.#leaseRequests += answer.granted.requests;
    if (answer.day === this.#day) this.#leaseCredits += answer.granted.credits;
    if (this.#known === undefined || answer.version > this.#known.version) this.#known = answer;
  }

  /** `ask` failed: its overdraft goes back to be reported again. */
  unsent(ask: GrantAsk): void {
    this.#answered(ask);
    const report = ask.report;
    if (report.windowStart === this.#unreported.windowStart) this.#unreported.requests += report.requests;
    if (report.day === this.#unreported.day) this.#unreported.credits += report.credits;
  }

  #answered(ask: GrantAsk): void {
    this.#inFlight.delete(ask.report);
    this.#wanting.requests -= ask.want.requests;
    this.#wanting.credits -= ask.want.credits;
    this.#asking.requests -= ask.need.requests;
    this.#asking.credits -= ask.need.credits;
  }

  /**
   * What the counter has not counted yet in the current window / day: overdraft unreported or in
   * flight (refunds negative), and the needs of asks in flight.
   */
  #pending(withAsks: boolean): { requests: number; credits: number } {
    let requests = this.#unreported.requests + (withAsks ? this.#asking.requests : 0);
    let credits = this.#unreported.credits + (withAsks ? this.#asking.credits : 0);
    for (const report of this.#inFlight) {
      if (report.windowStart === this.#windowStart) requests += report.requests;
      if (report.day === this.#day) credits += report.credits;
    }
    return { requests, credits };
  }

  /**
   * The client's requests left this window as this isolate sees them: what the counter last had
   * unreserved, less overdraft it has not counted, plus this isolate's lease. Undefined when the
   * counter has not answered for this window; grows as the previous window's requests slide out. With `basis` (the answer to this request's own ask),
   * from that answer, leaving out other asks in flight: what the client is told, not what is decided.
   */
  requestsLeft(basis?: GrantAnswer): number | undefined {
    const known = basis ?? this.#known;
    if (known?.requestsLeft === undefined || known.windowStart !== this.#windowStart) return undefined;
    // The minute slides: the previous window's requests that have slid out since the answer are free again.
    const released = basis
      ? 0
      : carriedAt(known.prevCount, known.windowStart, known.at) -
        carriedAt(known.prevCount, known.windowStart, this.#now);
    return Math.max(0, known.requestsLeft + released - this.#pending(!basis).requests) + this.#leaseRequests;
  }

  /** The same for the day's credits. */
  creditsLeft(basis?: GrantAnswer): number | undefined {
    const known = basis ?? this.#known;
    if (known?.creditsLeft === undefined || known.day !== this.#day) return undefined;
    return Math.max(0, known.creditsLeft - this.#pending(!basis).credits) + this.#leaseCredits;
  }

  /** Gives `credits` back (the upstream did not serve the request): reported with the next renewal. */
  refund(day: string, credits: number): void {
    if (this.#day === day) this.#unreported.credits -= credits;
  }

  /** Whether a background renewal is due: overdraft to report, or the lease at half the allowance or less. */
  renewalDue(need: Need, allowance: AllowanceConfig): boolean {
    if (this.#unreported.requests !== 0 || this.#unreported.credits !== 0) return true;
    // Only a client that has used overdraft gets a reserved allowance (see askFor); where the counter
    // had nothing left to reserve, asking again would only load it.
    const low = (lease: number, size: number, used: number, left: number | undefined) =>
      size > 0 && used > 0 && lease * 2 <= size && left !== 0;
    const known = this.#known;
    return (
      (need.requests > 0 &&
        low(this.#leaseRequests, allowance.requests, this.#overdraftRequests, known?.requestsLeft)) ||
      (need.credits > 0 &&
        low(this.#leaseCredits, allowance.credits, this.#overdraftCredits, known?.creditsLeft))
    );
  }
}
