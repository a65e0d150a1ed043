import { AgentChatError } from '../errors.js';

/** Why a store operation failed. */
export type StoreFailure = 'quota' | 'unavailable' | 'failed';

/** A conversation store could not read or write; the message says what to do. Nothing stored was changed. */
export class StoreError extends AgentChatError {
  readonly reason: StoreFailure;

  constructor(reason: StoreFailure, message: string, cause?: unknown) {
    super('store_failed', message, { cause, isRetryable: reason !== 'unavailable' });
    this.reason = reason;
  }
}

/**
 * Turns an IndexedDB failure into a {@link StoreError} that says what happened and what to do; our own
 * errors (an unknown conversation id) pass through unchanged.
 */
export function toStoreError(operation: string, error: unknown): AgentChatError {
  if (error instanceof AgentChatError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'QuotaExceededError')
    return new StoreError(
      'quota',
      `${operation}: the browser's storage for this site is full, so the turn was not saved (it is kept in this tab and saved with the next turn). Delete or export old conversations to free space.`,
      error,
    );
  if (name === 'VersionError')
    return new StoreError(
      'unavailable',
      `${operation}: another tab upgraded this site's conversation database to a newer version; reload the page.`,
      error,
    );
  if (name === 'InvalidStateError' || name === 'UnknownError' || name === 'SecurityError')
    return new StoreError(
      'unavailable',
      `${operation}: IndexedDB is not available here (private browsing, blocked storage or a closed database). Use memoryStore() or allow site storage.`,
      error,
    );
  const detail = error instanceof Error ? error.message : String(error);
  return new StoreError('failed', `${operation} failed: ${detail}`, error);
}
