import { AbortedError, AgentChatError, ModelCallError } from '../errors.js';
import type { ChatModel, ModelEvent } from './chat-model.js';

/** Options of {@link withRetry}. */
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
 * Wraps a model so transient failures (network, 408/409/429/5xx) are retried with exponential backoff
 * and full jitter, honouring the provider's `Retry-After`, cancelled by the call's signal. Only a call
 * that failed before its first event is retried: a stream cut mid-answer is not replayed, because the
 * user has already seen part of it.
 *
 * @example
 * const model = withRetry(openAICompatible({ baseURL, model: 'gpt-4o-mini' }), { maxRetries: 3 });
 */
export function withRetry(model: ChatModel, options: RetryOptions = {}): ChatModel {
  const maxRetries = options.maxRetries ?? 3;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const random = options.random ?? Math.random;
  return {
    id: model.id,
    capabilities: model.capabilities,
    async *stream(request, callOptions = {}): AsyncGenerator<ModelEvent> {
      const { signal } = callOptions;
      for (let attempt = 0; ; attempt++) {
        let started = false;
        try {
          for await (const event of model.stream(request, callOptions)) {
            started = true;
            yield event;
          }
          return;
        } catch (caught) {
          const error = caught instanceof AgentChatError ? caught : undefined;
          if (started || signal?.aborted || !error?.isRetryable || attempt >= maxRetries) throw caught;
          const retryAfter = error instanceof ModelCallError ? error.retryAfterSeconds : undefined;
          const delayMs =
            retryAfter !== undefined
              ? Math.min(max, retryAfter * 1000)
              : Math.min(max, random() * base * 2 ** attempt);
          options.onRetry?.({ attempt: attempt + 1, delayMs, error });
          await sleep(delayMs, signal);
        }
      }
    },
  };
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
