import { chargeUsage } from '../usage/charge-usage.js';
import type { Context } from './context.js';
import { type ForwardTarget, forwardToUpstream } from './forward-upstream.js';

/**
 * Charges `cost` credits (and counts the request against the rate limit), then forwards. Credits
 * come back when the upstream does not serve the request (unreachable, redirect, error status), so
 * users pay only for answers.
 */
export async function forwardCharged(c: Context, cost: number, target: ForwardTarget): Promise<Response> {
  const refund = await chargeUsage(c, cost);
  let response: Response;
  try {
    response = await forwardToUpstream(c, target);
  } catch (error) {
    await refund();
    throw error;
  }
  if (!response.ok) await refund();
  return response;
}
