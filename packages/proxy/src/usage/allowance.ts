import { Ledger } from './ledger.js';

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
      ledger = new Ledger(now);
      this.#evictIfFull();
      this.#ledgers.set(user, ledger);
    }
    ledger.roll(now);
    return ledger;
  }

  #evictIfFull(): void {
    if (this.#ledgers.size < MAX_LEDGERS) return;
    for (const [user, ledger] of this.#ledgers) {
      if (ledger.idle) {
        this.#ledgers.delete(user);
        return;
      }
    }
  }
}
