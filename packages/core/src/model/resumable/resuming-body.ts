/** How {@link resumingBody} reads the rest of a stream after a drop. */
export interface ResumingBodyOptions {
  signal: AbortSignal | undefined;
  attempts: number;
  backoffMs: (attempt: number) => number;
  /** The stream from byte `position` on. */
  read: (position: number) => Promise<Response>;
  onReconnecting?: ((attempt: number) => void) | undefined;
  onReconnected?: (() => void) | undefined;
  /** The body ended (read whole, failed for good, or cancelled). */
  onEnd: () => void;
}

// Answers that say the stream cannot be resumed: waiting will not change them.
const FINAL = new Set([400, 403, 404, 410]);

/**
 * `first` as one stream of bytes, whatever drops happen under it: a read that fails (not an abort) is
 * followed by reading the kept stream from the byte count read so far, after a backoff, up to
 * `attempts` times; the consumer (the SSE parser) sees no seam, even mid-event. When the stream cannot
 * be had again, the first failure is what the consumer gets, so a cut answer reads as cut.
 */
export function resumingBody(
  first: ReadableStream<Uint8Array>,
  options: ResumingBodyOptions,
): ReadableStream<Uint8Array> {
  let reader = first.getReader();
  let position = 0;
  const reconnect = async (cut: unknown) => {
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
      options.onReconnecting?.(attempt);
      await wait(options.backoffMs(attempt), options.signal);
      let response: Response;
      try {
        response = await options.read(position);
      } catch {
        if (options.signal?.aborted) throw cut;
        continue;
      }
      if (response.ok && response.body) {
        options.onReconnected?.();
        return response.body.getReader();
      }
      await response.body?.cancel().catch(() => {});
      if (FINAL.has(response.status)) break;
    }
    throw cut;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        try {
          const next = await reader.read();
          if (next.done) {
            options.onEnd();
            controller.close();
            return;
          }
          position += next.value.byteLength;
          controller.enqueue(next.value);
          return;
        } catch (error) {
          if (options.signal?.aborted) {
            options.onEnd();
            throw error;
          }
          try {
            reader = await reconnect(error);
          } catch (final) {
            options.onEnd();
            throw final;
          }
        }
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
