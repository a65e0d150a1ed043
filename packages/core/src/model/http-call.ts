import { AbortedError, isAbortError, ModelUnreachableError, StreamMalformedError } from '../errors.js';
import { type CreditsLeft, creditsFromHeaders } from './credits.js';
import { type Deadline, unwatchDeadline, watchDeadline } from './deadlines.js';
import { ModelTimeoutError } from './model-errors.js';
import type { ProviderCall } from './provider-call.js';
import { type BodyReader, LimitedBodyReader, resolveTimeouts } from './stream-timeouts.js';
import { type WireShape, wireMismatch } from './wire-shape.js';

export { type ProviderCall, parseRetryAfter, providerMessage } from './provider-call.js';

/** A streaming answer: its event stream (under the idle limit) and the credits left that its headers report. */
export interface EventStreamResponse {
  body: BodyReader;
  credits: CreditsLeft | undefined;
}

/**
 * POSTs a streaming call and returns the SSE response. Every failure becomes a typed error naming the
 * cause and the fix: unreachable, aborted, HTTP errors (with the provider's message and Retry-After),
 * a rate limit ({@link RateLimitedError}), spent credits ({@link CreditsExhaustedError}),
 * an unknown model, a model without tools, a body that is not an event stream (an HTML login page…),
 * and {@link ModelTimeoutError} when the headers do not come within the first-byte limit or the body
 * stays silent for the idle limit. The caller's abort always wins over a timeout.
 */
export async function postForEventStream(
  doFetch: typeof fetch,
  call: ProviderCall,
  signal: AbortSignal | undefined,
): Promise<EventStreamResponse> {
  const limits = resolveTimeouts(call.timeouts);
  // One controller aborts the request at the first-byte limit or when the caller aborts (a listener, cheaper
  // than AbortSignal.any). Once the headers are in, the body's reader watches the caller's signal instead.
  const request = new AbortController();
  const firstByte: Deadline = {
    at: Date.now() + limits.firstByteMs,
    expire: () => request.abort(new ModelTimeoutError('first-byte', limits.firstByteMs, call.url)),
  };
  watchDeadline(firstByte);
  const onAbort = () => request.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await doFetch(call.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...call.headers },
      body: JSON.stringify(call.body),
      signal: request.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw new AbortedError(error);
    if (request.signal.reason instanceof ModelTimeoutError) throw request.signal.reason;
    if (isAbortError(error)) throw new AbortedError(error);
    throw new ModelUnreachableError(call.url, error);
  } finally {
    unwatchDeadline(firstByte);
  }
  try {
    return await readEventStream(response, call, limits.idleMs, signal);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The event stream of a response, or the typed error its status, body or content type calls for. */
async function readEventStream(
  response: Response,
  call: ProviderCall,
  idleMs: number,
  signal: AbortSignal | undefined,
): Promise<EventStreamResponse> {
  // The typed error of an HTTP error answer or of a body that is not an event stream: its code loads only then.
  if (!response.ok) throw await (await import('./http-error.js')).httpError(response, call);
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream'))
    throw await (await import('./http-error.js')).notAnEventStream(response, call, contentType);
  if (!response.body) throw new StreamMalformedError('the response has no body', undefined, call.expected);
  return {
    body: new LimitedBodyReader(response.body, idleMs, call.url, signal),
    credits: creditsFromHeaders(response.headers),
  };
}

/**
 * Parses one SSE data payload as a JSON object and checks the fields its reader reads against `shape`
 * ({@link WireShape}). Not JSON, or a field of the wrong type, is a {@link StreamMalformedError}
 * (`stream_malformed`) naming the provider, the event and the field.
 */
export function parseEventJson<T>(data: string, shape: WireShape, provider: string, expected?: string): T {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (error) {
    throw new StreamMalformedError(
      `an event is not a JSON object (${JSON.stringify(data.slice(0, 80))})`,
      error,
      expected,
    );
  }
  const bad = wireMismatch(value, shape);
  if (bad)
    throw new StreamMalformedError(
      `the ${provider} event ${JSON.stringify(data.slice(0, 80))} has ${bad}`,
      undefined,
      expected,
    );
  return value as T;
}
