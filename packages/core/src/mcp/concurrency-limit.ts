/**
 * Lets at most `limit` tasks run at once and queues the rest in arrival order: one per MCP server, so a
 * burst of parallel tool calls cannot overload it (reference design §10, "semaphore concurrency control").
 */
export class ConcurrencyLimit {
  readonly #limit: number;
  #active = 0;
  readonly #queue: Array<() => void> = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Runs `task` when a slot is free; a task still queued when `signal` aborts never starts. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.#active >= this.#limit) await this.#wait(signal);
    else this.#active++;
    try {
      return await task();
    } finally {
      const next = this.#queue.shift();
      if (next) next();
      else this.#active--;
    }
  }

  #wait(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.#queue.indexOf(start);
        if (index >= 0) this.#queue.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(start);
    });
  }
}
