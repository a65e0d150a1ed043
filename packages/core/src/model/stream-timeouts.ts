import { AbortedError, ConfigurationError } from '../errors.js';
import { ModelTimeoutError } from './model-errors.js';

/** Limits of one model call, settable per model. MCP and page tools keep their own timeouts. */
export interface ModelTimeouts {
  /** From sending the request to the response headers; default 60 000 ms. */
  firstByteMs?: number;
  /** Longest silence between body chunks, counted from the headers; default 30 000 ms. */
  idleMs?: number;
}

const DEFAULTS = { firstByteMs: 60_000, idleMs: 30_000 };

/** The limits with defaults filled in; a limit that is not a positive number is a configuration error. */
export function resolveTimeouts(timeouts: ModelTimeouts | undefined): Required<ModelTimeouts> {
  const resolved = { ...DEFAULTS, ...timeouts };
  for (const [name, value] of Object.entries(resolved))
    if (typeof value !== 'number' || !(value > 0))
      throw new ConfigurationError(
        `timeouts.${name} must be a positive number of milliseconds, got ${JSON.stringify(value)}.`,
      );
  return resolved;
}

/**
 * The body of a streamed response, failing with {@link ModelTimeoutError} when no chunk arrives for `idleMs`
 * (a stalled upstream that sent its headers, then nothing). The upstream is cancelled on timeout. An abort
 * of `signal` ends a pending read at once, even with a `fetch` whose body ignores the signal.
 */
export function idleLimited(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  url: string,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort: (() => void) | undefined;
      const silence = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ModelTimeoutError('idle', idleMs, url)), idleMs);
        onAbort = () => reject(new AbortedError(signal?.reason));
        if (signal?.aborted) onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const { done, value } = await Promise.race([reader.read(), silence]);
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        reader.cancel(error).catch(() => {});
        controller.error(error);
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
