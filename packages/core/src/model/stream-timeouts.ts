import { AbortedError, ConfigurationError } from '../errors.js';
import { type Deadline, unwatchDeadline, watchDeadline } from './deadlines.js';
import { ModelTimeoutError } from './model-errors.js';

/** Limits of one model call, settable per model. MCP and page tools keep their own timeouts. */
export interface ModelTimeouts {
  /** From sending the request to the response headers; default 60 000 ms. */
  firstByteMs?: number;
  /** Longest silence between body chunks, counted from the headers; default 30 000 ms. */
  idleMs?: number;
}

const DEFAULTS: Readonly<Required<ModelTimeouts>> = { firstByteMs: 60_000, idleMs: 30_000 };

/**
 * How long the rest of a body is read after the caller stopped early (after `[DONE]`, say): the end of the
 * response is usually already on its way, and a body read to its end lets the HTTP client keep the connection.
 */
const DRAIN_MS = 1_000;

/** The limits with defaults filled in; a limit that is not a positive number is a configuration error. */
export function resolveTimeouts(timeouts: ModelTimeouts | undefined): Required<ModelTimeouts> {
  // The usual case, on every model call: no limits set.
  if (!timeouts) return DEFAULTS;
  const resolved = { ...DEFAULTS, ...timeouts };
  for (const [name, value] of Object.entries(resolved))
    if (typeof value !== 'number' || !(value > 0))
      throw new ConfigurationError(
        `timeouts.${name} must be a positive number of milliseconds, got ${JSON.stringify(value)}.`,
      );
  return resolved;
}

/** What reads a streamed response body, chunk by chunk. */
export interface BodyReader {
  /** The next chunk, or `undefined` at the end of the body. */
  read(): Promise<Uint8Array | undefined>;
  /** The caller needs no more chunks: the rest is read in the background for a short while, then cancelled. */
  stop(): void;
}

/**
 * Reads the body of a streamed response, failing with {@link ModelTimeoutError} when no chunk arrives for
 * `idleMs` (a stalled upstream that sent its headers, then nothing) and with {@link AbortedError} as soon
 * as `signal` aborts, even with a `fetch` whose body ignores the signal. Either way the body is cancelled.
 *
 * It is its own {@link Deadline} on the shared timer (one per page, not one per body): a chunk only moves
 * the deadline, which the timer looks at again when it fires.
 */
export class LimitedBodyReader implements BodyReader, Deadline {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #url: string;
  readonly #signal: AbortSignal | undefined;
  #idleMs: number;
  at: number;
  #failure: Error | undefined;
  #closed = false;
  #stopped = false;

  constructor(body: ReadableStream<Uint8Array>, idleMs: number, url: string, signal?: AbortSignal) {
    this.#reader = body.getReader();
    this.#idleMs = idleMs;
    this.#url = url;
    this.#signal = signal;
    this.at = Date.now() + idleMs;
    if (signal?.aborted) this.#fail(new AbortedError(signal.reason));
    else {
      signal?.addEventListener('abort', this.#onAbort);
      watchDeadline(this);
    }
  }

  async read(): Promise<Uint8Array | undefined> {
    if (this.#failure) throw this.#failure;
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await this.#reader.read();
    } catch (error) {
      this.#close();
      throw this.#failure ?? error;
    }
    // A timeout or an abort cancels the body, which ends a pending read as if the body had ended.
    if (this.#failure) throw this.#failure;
    if (result.done) {
      this.#close();
      return undefined;
    }
    // A drain ends at its limit, however often chunks come.
    if (!this.#stopped) this.at = Date.now() + this.#idleMs;
    return result.value;
  }

  stop(): void {
    if (this.#closed || this.#stopped) return;
    this.#stopped = true;
    this.#idleMs = DRAIN_MS;
    this.at = Date.now() + DRAIN_MS;
    watchDeadline(this);
    void this.#drain();
  }

  async #drain(): Promise<void> {
    try {
      while ((await this.read()) !== undefined);
    } catch {
      // A drain that timed out or was aborted has cancelled the body: nothing is waiting for it.
    }
  }

  /** The deadline passed: the body stayed silent for the idle limit, or a drain took too long. */
  expire(): void {
    this.#fail(new ModelTimeoutError('idle', this.#idleMs, this.#url));
  }

  readonly #onAbort = () => this.#fail(new AbortedError(this.#signal?.reason));

  #fail(error: Error): void {
    if (this.#closed) return;
    this.#failure = error;
    this.#close();
    this.#reader.cancel(error).catch(() => {});
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    unwatchDeadline(this);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }
}
