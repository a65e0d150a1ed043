type Result<T> = IteratorResult<T, void>;

/**
 * Events as the async generator their consumer iterates: producers push them (a run's concurrent work such
 * as parallel tools, a model call's reads of its body) and the consumer gets them in push order. Not a
 * generator wrapping a queue: each event is one promise, handed straight to the consumer, as it runs a few
 * dozen times per turn of every run.
 *
 * Like a generator's body, `start` runs at the first `next()` (a throw rejects that call) and may return
 * the work's cleanup, called once when the iteration ends: the last event was taken, or the consumer
 * stopped early (`return()`, `throw()`, or a `for await` left by `break`).
 */
export class EventChannel<T> implements AsyncIterator<T, void, undefined> {
  readonly #buffer: T[] = [];
  /** Consumers waiting for an event (one, with `for await`); a promise given to one settles it alike. */
  readonly #waiting: Array<(result: Result<T> | Promise<Result<T>>) => void> = [];
  #start: ((channel: EventChannel<T>) => (() => void) | undefined) | undefined;
  #cleanup: (() => void) | undefined;
  #closed = false;
  #failure: { error: unknown } | undefined;
  /** Inherited, as a generator's is: it returns the channel itself (see below). */
  declare [Symbol.asyncIterator]: () => EventChannel<T>;

  constructor(start?: (channel: EventChannel<T>) => (() => void) | undefined) {
    this.#start = start;
  }

  push(value: T): void {
    if (this.#closed) return;
    const waiting = this.#waiting.shift();
    if (waiting) waiting({ value, done: false });
    else this.#buffer.push(value);
  }

  /** No more events: the consumer gets those buffered, then the end (or `failure.error`, thrown). */
  close(failure?: { error: unknown }): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#failure = failure;
    for (const waiting of this.#waiting.splice(0)) waiting(this.#end());
  }

  next(): Promise<Result<T>> {
    const start = this.#start;
    this.#start = undefined;
    try {
      this.#cleanup = start?.(this) ?? this.#cleanup;
    } catch (error) {
      this.#closed = true;
      return Promise.reject(error);
    }
    if (this.#buffer.length > 0) return Promise.resolve({ value: this.#buffer.shift()!, done: false });
    if (this.#closed) return this.#end();
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
    });
  }

  /** The consumer stops: later events are dropped and the work's cleanup runs. */
  return(): Promise<Result<T>> {
    this.#start = undefined;
    this.#buffer.length = 0;
    this.close();
    this.#failure = undefined;
    return this.#end();
  }

  async throw(error: unknown): Promise<Result<T>> {
    await this.return();
    throw error;
  }

  #end(): Promise<Result<T>> {
    const cleanup = this.#cleanup;
    const failure = this.#failure;
    this.#cleanup = this.#failure = undefined;
    cleanup?.();
    return failure ? Promise.reject(failure.error) : Promise.resolve({ value: undefined, done: true });
  }
}

// A channel is an async iterator as a generator is: it inherits from the async generators' prototype, for
// `[Symbol.asyncIterator]()` (itself) and, where the runtime has it, `await using` (which calls `return()`).
Object.setPrototypeOf(EventChannel.prototype, Object.getPrototypeOf(async function* () {}.prototype));
