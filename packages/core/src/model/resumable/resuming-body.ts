import type { ResumingBodyOptions } from './resuming-body-options.js';

export type { ResumingBodyOptions } from './resuming-body-options.js';

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
  let cancelled = false;
  const over = () => cancelled || options.signal?.aborted === true;
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
          if (over()) {
            options.onEnd();
            throw error;
          }
          try {
            // Reading on after a drop is its own module: a stream that never drops never loads it.
            const { reconnect } = await import('./reconnect.js');
            reader = await reconnect(options, position, over, error);
          } catch (final) {
            options.onEnd();
            throw final;
          }
        }
      }
    },
    // The consumer cancels the body when the run is stopped (the model adapter's reader watches the run's
    // signal once the headers are in), so this is where Stop reaches the stream.
    cancel(reason) {
      if (!cancelled) {
        cancelled = true;
        options.onEnd();
        options.onCancel();
      }
      return reader.cancel(reason);
    },
  });
}
