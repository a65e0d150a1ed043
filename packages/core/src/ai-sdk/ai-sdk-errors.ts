import {
  AbortedError,
  AgentChatError,
  isAbortError,
  ModelCallError,
  ModelUnreachableError,
  StreamInterruptedError,
  StreamMalformedError,
} from '../errors.js';
import { parseRetryAfter, providerMessage } from '../model/http-call.js';
import { CreditsExhaustedError, type CreditsState, RateLimitedError } from '../model/limit-errors.js';
import { ModelNotFoundError } from '../model/model-errors.js';

/** The fields of the AI SDK's `APICallError` we read (duck-typed: no runtime import of `@ai-sdk/provider`). */
interface APICallErrorShape {
  url?: string;
  statusCode?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  message: string;
}

function isAPICallError(error: unknown): error is APICallErrorShape {
  return (
    error instanceof Error &&
    (error.name === 'AI_APICallError' || ('url' in error && 'requestBodyValues' in error))
  );
}

/**
 * What an AI SDK provider threw or streamed as an `error` part, as our typed error: 429 →
 * {@link RateLimitedError} (with `Retry-After`), 402 → {@link CreditsExhaustedError}, 404 naming a model →
 * {@link ModelNotFoundError}, other statuses → {@link ModelCallError}, no status (fetch failed) →
 * {@link ModelUnreachableError}, a successful response cut mid-stream → {@link StreamInterruptedError}, an
 * abort → {@link AbortedError}.
 */
export function fromAISDKError(error: unknown, model: string, signal?: AbortSignal): AgentChatError {
  if (error instanceof AgentChatError) return error;
  if (signal?.aborted || isAbortError(error)) return new AbortedError(error);
  if (isAPICallError(error)) {
    const url = error.url ?? model;
    const body = error.responseBody ?? '';
    const said = providerMessage(body) ?? error.message;
    const status = error.statusCode;
    if (status === undefined) return new ModelUnreachableError(url, error);
    // A 2xx whose body failed mid-way ("Failed to process successful response"): the stream was cut.
    if (status >= 200 && status < 300) return new StreamInterruptedError(error);
    const retryAfterSeconds = parseRetryAfter(header(error.responseHeaders, 'retry-after'));
    if (status === 429) return new RateLimitedError({ url, retryAfterSeconds, providerMessage: said });
    if (status === 402)
      return new CreditsExhaustedError({ url, credits: creditsOf(body), providerMessage: said });
    if (status === 404 && /model/i.test(said))
      return new ModelNotFoundError({ model, providerMessage: said, cause: error });
    return new ModelCallError({ status, providerMessage: said, retryAfterSeconds, url });
  }
  // An `error` stream part carries the provider's error body (Anthropic's `overloaded_error`, `api_error`…).
  const body = error as { type?: unknown; message?: unknown; error?: { type?: unknown; message?: unknown } };
  const kind = String(body?.error?.type ?? body?.type ?? '');
  const said = String(body?.error?.message ?? body?.message ?? '') || undefined;
  if (kind === 'rate_limit_error')
    return new RateLimitedError({ url: model, ...(said ? { providerMessage: said } : {}) });
  if (kind === 'overloaded_error' || kind === 'api_error')
    return new ModelCallError({
      status: kind === 'overloaded_error' ? 529 : 500,
      providerMessage: said,
      url: model,
    });
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null
        ? JSON.stringify(error).slice(0, 300)
        : String(error);
  return new StreamMalformedError(
    `the model stream reported an error: ${message}`,
    error,
    `the AI SDK model ${model}`,
  );
}

function header(headers: Record<string, string> | undefined, name: string): string | null {
  if (!headers) return null;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return null;
}

function creditsOf(body: string): CreditsState | undefined {
  try {
    return (JSON.parse(body) as { credits?: CreditsState }).credits;
  } catch {
    return undefined;
  }
}
