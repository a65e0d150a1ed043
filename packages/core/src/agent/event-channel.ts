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

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      if (this.#buffer.length > 0) {
        yield this.#buffer.shift()!;
        continue;
      }
      if (this.#closed) return;
      const next = await new Promise<IteratorResult<T>>((resolve) => {
        this.#waiting = resolve;
      });
      if (next.done) return;
      yield next.value;
    }
  }
}
