/**
 * The bytes of one stream in memory, in the order they came, with readers that follow the live tail.
 * Holds at most `maxBytes`: past that it stops growing and is closed for readers, so a kept stream's
 * memory is bounded whatever the answer's length.
 */
export class StreamLog {
  readonly #chunks: Uint8Array[] = [];
  #length = 0;
  #closed = false;
  #waiters: (() => void)[] = [];

  constructor(readonly maxBytes: number) {}

  /** Bytes kept so far. */
  get length(): number {
    return this.#length;
  }

  /** Adds a chunk; its index, or undefined when the log is closed or the chunk would pass `maxBytes`. */
  append(chunk: Uint8Array): number | undefined {
    if (this.#closed) return undefined;
    if (this.#length + chunk.byteLength > this.maxBytes) {
      this.end();
      return undefined;
    }
    this.#chunks.push(chunk);
    this.#length += chunk.byteLength;
    this.#wake();
    return this.#chunks.length - 1;
  }

  /** No more bytes will come: readers finish once they have read what is kept. */
  end(): void {
    this.#closed = true;
    this.#wake();
  }

  /** Resolves true once `position` bytes are kept, false if the log closes shorter. */
  async reach(position: number): Promise<boolean> {
    while (this.#length < position) {
      if (this.#closed) return false;
      await this.#next();
    }
    return true;
  }

  /** The kept bytes from `position` on, then each new chunk as it comes, until the log closes. */
  readFrom(position: number): ReadableStream<Uint8Array> {
    // A cursor (chunk, offset in it), so following a long stream costs one step per chunk.
    let chunk = 0;
    let inner = position;
    while (chunk < this.#chunks.length && inner >= this.#chunks[chunk]!.byteLength) {
      inner -= this.#chunks[chunk]!.byteLength;
      chunk++;
    }
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        for (;;) {
          const current = this.#chunks[chunk];
          if (current !== undefined) {
            controller.enqueue(inner === 0 ? current : current.subarray(inner));
            chunk++;
            inner = 0;
            return;
          }
          if (this.#closed) {
            controller.close();
            return;
          }
          await this.#next();
        }
      },
    });
  }

  #next(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
