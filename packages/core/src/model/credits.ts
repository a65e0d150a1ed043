import type { ModelEvent } from './chat-model.js';
import type { CreditsLeft } from './credits-left.js';

export type { CreditsLeft } from './credits-left.js';

/** Reads {@link CreditsLeft} from a response's headers; undefined when the server sent none. */
export function creditsFromHeaders(headers: Headers): CreditsLeft | undefined {
  const remaining = headers.get('x-credits-remaining');
  if (!remaining) return undefined;
  const credits: CreditsLeft = { remaining: Number(remaining) };
  const limit = headers.get('x-credits-limit');
  const cost = headers.get('x-credits-cost');
  const resetAt = headers.get('x-credits-reset');
  if (limit) credits.limit = Number(limit);
  if (cost) credits.cost = Number(cost);
  if (resetAt) credits.resetAt = resetAt;
  return credits;
}

/** Adds `credits` to the `usage` events of one call (what the call's response headers said). */
export function withCredits(
  events: Iterable<ModelEvent>,
  credits: CreditsLeft | undefined,
): Iterable<ModelEvent> {
  if (!credits) return events;
  return Array.from(events, (event) => (event.type === 'usage' ? { ...event, credits } : event));
}
