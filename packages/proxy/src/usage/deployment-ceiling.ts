import { HttpError } from '../shared/http-error.js';
import { renewInBackground, type Scope } from './ask-counter.js';
import { DAY_MS } from './grant.js';
import { take } from './take.js';
import type { UsageRequest } from './usage-request.js';

/** The `UsageCounter` that counts every client's credits together (client keys start `sub:`, `ip:`, `ip6:`). */
export const DEPLOYMENT_KEY = 'deployment:all';

/** Gives back what {@link chargeDeployment} charged. */
export type DeploymentRefund = () => void;

const none: DeploymentRefund = () => {};

/**
 * Charges `cost` against `DEPLOYMENT_DAILY_CREDITS`, the day's ceiling for all clients together
 * (issue 39), exactly as a client's credits are charged (docs/adr/0007): from this isolate's
 * allowance where it can be, else by asking the one deployment `UsageCounter`, which stays the
 * authority. With M isolates the deployment spends at most the ceiling + M × `LIMITS_ALLOWANCE_CREDITS`
 * a day. Past it, `503 deployment_credits_exhausted` with `Retry-After` until the next UTC day.
 */
export async function chargeDeployment(c: UsageRequest, cost: number): Promise<DeploymentRefund> {
  const ceiling = c.config.deploymentDailyCredits;
  if (ceiling === undefined || cost === 0 || c.config.usage === undefined) return none;
  const scope: Scope = { key: DEPLOYMENT_KEY, ratePerMinute: undefined, dailyCredits: ceiling };
  const need = { requests: 0, credits: cost };
  const ledger = c.allowances.ledger(DEPLOYMENT_KEY, c.now());
  await take(c, ledger, need, scope, () => {
    throw exhausted(c, ceiling);
  });
  const day = ledger.day;
  return () => {
    ledger.refund(day, cost);
    renewInBackground(c, ledger, scope);
  };
}

function exhausted(c: UsageRequest, ceiling: number): HttpError {
  c.log.limited = 'deployment';
  const now = c.now();
  const nextDay = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  const retryAfter = Math.max(1, Math.ceil((nextDay - now) / 1000));
  return new HttpError(
    503,
    'deployment_credits_exhausted',
    `This deployment has spent its ${ceiling} credits for today (DEPLOYMENT_DAILY_CREDITS, all clients together): retry after ${new Date(nextDay).toISOString()}, or have the operator raise DEPLOYMENT_DAILY_CREDITS.`,
    { headers: { 'Retry-After': String(retryAfter) } },
  );
}
