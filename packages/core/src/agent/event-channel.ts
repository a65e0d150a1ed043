/**
 * A single-consumer async queue: producers push events from concurrent work (parallel tools), the run's
 * generator yields them in push order.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  readonly #buffer: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | undefined;
  #closed = false;

  push(value: T): void {
    if (this.#closed) return;
    const waiting = this.#waiting;
    if (waiting) {
      this.#waiting = undefined;
      waiting({ value, done: false });
    } else this.#buffer.push(value);
  }

  close(): void {
    this.#closed = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  /** The events in push order; a plain iterator, not a generator, as it runs once per event of every run. */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.#buffer.length > 0) return Promise.resolve({ value: this.#buffer.shift()!, done: false });
        if (this.#closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise<IteratorResult<T>>((resolve) => {
          this.#waiting = resolve;
        });
      },
    };
  }
}
