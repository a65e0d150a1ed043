/** Options for {@link HttpError}: extra response headers and the underlying failure. */
export interface HttpErrorOptions {
  /** Headers the error response must carry, e.g. `Allow` on a 405. */
  headers?: HeadersInit;
  /** The failure that caused this one; logged (redacted), never sent to the client. */
  cause?: unknown;
  /** Extra top-level fields of the JSON error body, e.g. `credits` on a 402. */
  details?: Record<string, unknown>;
}

/**
 * The one error type the proxy throws to answer a request with an HTTP error.
 * `code` is stable for clients to branch on; `message` says what happened and what to do.
 * @example throw new HttpError(413, 'body_too_large', 'Request body exceeds MAX_BODY_BYTES.');
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: string;
  readonly headers: Headers;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, options: HttpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = code;
    this.headers = new Headers(options.headers);
    this.details = options.details;
  }
}
