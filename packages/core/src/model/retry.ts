import { AgentChatError } from '../errors.js';
import type { ChatModel, ModelEvent } from './chat-model.js';
import type { RetryOptions } from './retry-wait.js';

export type { RetryOptions } from './retry-wait.js';

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
  /** Waits before retry `attempt` (1-based) after `caught`, or throws it when it must not be retried. */
  const backOff = async (caught: unknown, attempt: number, signal: AbortSignal | undefined) => {
    if (signal?.aborted || !(caught instanceof AgentChatError && caught.isRetryable) || attempt > maxRetries)
      throw caught;
    await (await import('./retry-wait.js')).waitToRetry(options, caught, attempt, signal);
  };
  return {
    id: model.id,
    capabilities: model.capabilities,
    stream: (request, callOptions = {}) =>
      new RetryingStream(
        () => model.stream(request, callOptions)[Symbol.asyncIterator](),
        (caught, attempt) => backOff(caught, attempt, callOptions.signal),
      ),
  };
}

/**
 * The events of one call under a retry policy. Until the first event a failure may start the call again;
 * from then on every `next()` is the model's own, passed straight through: no generator in between, which
 * would cost a few promises per event.
 */
class RetryingStream implements AsyncIterableIterator<ModelEvent> {
  readonly #open: () => AsyncIterator<ModelEvent>;
  readonly #backOff: (caught: unknown, attempt: number) => Promise<void>;
  #events: AsyncIterator<ModelEvent> | undefined;
  #started = false;

  constructor(
    open: () => AsyncIterator<ModelEvent>,
    backOff: (caught: unknown, attempt: number) => Promise<void>,
  ) {
    this.#open = open;
    this.#backOff = backOff;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ModelEvent>> {
    return this.#started ? this.#events!.next() : this.#first();
  }

  async #first(): Promise<IteratorResult<ModelEvent>> {
    for (let attempt = 1; ; attempt++) {
      try {
        this.#events = this.#open();
        const result = await this.#events.next();
        // A stream cut after its first event is not replayed: the user has already seen part of it.
        this.#started = true;
        return result;
      } catch (caught) {
        await this.#backOff(caught, attempt);
      }
    }
  }

  async return(value?: unknown): Promise<IteratorResult<ModelEvent>> {
    this.#started = true;
    const events = this.#events;
    return events?.return ? events.return(value) : { done: true, value: undefined };
  }
}
