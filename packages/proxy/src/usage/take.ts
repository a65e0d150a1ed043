import { askCounter, renewInBackground, type Scope } from './ask-counter.js';
import type { GrantAnswer } from './grant.js';
import type { Ledger, Need } from './ledger.js';
import type { UsageRequest } from './usage-request.js';

/** Where a charge was decided; with the counter's answer when it granted this request's own ask. */
export type Taken = { via: 'isolate' } | { via: 'counter'; basis: GrantAnswer | undefined };

/**
 * Takes `need` from `ledger`, the one way a client's or the deployment's charge runs (docs/adr/0007):
 * in the isolate when its lease or overdraft covers it, else by asking `scope`'s `UsageCounter`; a
 * refusal is `refuse(reason)`, which throws. Starts a background renewal when one is due.
 */
export async function take(
  c: UsageRequest,
  ledger: Ledger,
  need: Need,
  scope: Scope,
  refuse: (reason: 'rate_limited' | 'credits_exhausted') => never,
): Promise<Taken> {
  const { allowance } = c.config;
  const verdict = ledger.decide(need, allowance);
  if (verdict.kind === 'refuse') refuse(verdict.reason);
  let taken: Taken;
  if (verdict.kind === 'admit') {
    ledger.admit(need, verdict);
    taken = { via: 'isolate' };
  } else {
    const answer = await askCounter(c, ledger, need, scope);
    if (!answer.ok) {
      // Another request's answer may have reserved enough for this one meanwhile.
      const again = ledger.decide(need, { ...allowance, requests: 0, credits: 0 });
      if (again.kind !== 'admit') refuse(answer.reason ?? 'rate_limited');
      ledger.admit(need, again);
    }
    taken = { via: 'counter', basis: answer.ok ? answer : undefined };
  }
  if (ledger.renewalDue(need, allowance)) renewInBackground(c, ledger, scope);
  return taken;
}
