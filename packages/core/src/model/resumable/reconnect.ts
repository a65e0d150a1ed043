import type { ResumingBodyOptions } from './resuming-body-options.js';

// Answers that say the stream cannot be resumed: waiting will not change them.
const FINAL = new Set([400, 403, 404, 410]);

/**
 * A reader of the kept stream from byte `position` on, after a backoff, trying up to `options.attempts` times;
 * throws `cut` (the read's first failure) when the stream cannot be had again or the run is `over`.
 */
export async function reconnect(
  options: ResumingBodyOptions,
  position: number,
  over: () => boolean,
  cut: unknown,
): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  for (let attempt = 1; attempt <= options.attempts && !over(); attempt++) {
    options.onReconnecting?.(attempt);
    await wait(options.backoffMs(attempt), options.signal);
    if (over()) break;
    let response: Response;
    try {
      response = await options.read(position);
    } catch {
      if (over()) throw cut;
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
