import { AbortedError, type AgentChatError, ModelCallError } from '../errors.js';

/** Options of `withRetry` (retry.ts). */
export interface RetryOptions {
  /** Retries after the first attempt; default 3. */
  maxRetries?: number;
  /** First backoff in ms, doubled per retry (full jitter); default 500. */
  baseDelayMs?: number;
  /** Ceiling of one wait, including a provider's `Retry-After`; default 30 000. */
  maxDelayMs?: number;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (info: { attempt: number; delayMs: number; error: AgentChatError }) => void;
  /** Random source in [0, 1) for the jitter (tests). */
  random?: () => number;
}

/**
 * The wait before retry `attempt` (1-based) after `error`: the provider's `Retry-After`, else exponential
 * backoff with full jitter, under `maxDelayMs`; cancelled by `signal`. Loaded by retry.ts with a call's first
 * retryable failure: a chat whose calls succeed never downloads it.
 */
export async function waitToRetry(
  options: RetryOptions,
  error: AgentChatError,
  attempt: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const max = options.maxDelayMs ?? 30_000;
  const retryAfter = error instanceof ModelCallError ? error.retryAfterSeconds : undefined;
  const delayMs =
    retryAfter !== undefined
      ? Math.min(max, retryAfter * 1000)
      : Math.min(max, (options.random ?? Math.random)() * (options.baseDelayMs ?? 500) * 2 ** (attempt - 1));
  options.onRetry?.({ attempt, delayMs, error });
  await sleep(delayMs, signal);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(new AbortedError(signal.reason));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
