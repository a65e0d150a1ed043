import { AgentChatError } from './agent-chat-error.js';
import type { AgentChatErrorCode } from './error-codes.js';

// Thrown by a failed model call or tool (see errors.ts, which re-exports them).

/** The provider answered a model call with an HTTP error. */
export class ModelCallError extends AgentChatError {
  /** HTTP status of the provider's answer. */
  readonly status: number;
  /** The provider's own error message, when its body had one. */
  readonly providerMessage: string | undefined;
  /** Seconds the provider asked us to wait (`Retry-After`), when given. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    status: number;
    providerMessage?: string | undefined;
    retryAfterSeconds?: number | undefined;
    url: string;
    /** For subclasses: their own code, lead sentence, retryability and event details. */
    code?: AgentChatErrorCode;
    summary?: string;
    isRetryable?: boolean;
    details?: AgentChatError['details'];
  }) {
    const { status, providerMessage } = options;
    super(
      options.code ?? 'model_call_failed',
      `${options.summary ?? describeStatus(status, options.url)}${providerMessage ? ` Provider said: ${providerMessage}` : ''}`,
      {
        isRetryable:
          options.isRetryable ?? (status === 408 || status === 409 || status === 429 || status >= 500),
        details: options.details,
      },
    );
    this.status = status;
    this.providerMessage = providerMessage;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

function describeStatus(status: number, url: string): string {
  if (status === 401 || status === 403)
    return `The model endpoint ${url} refused the credentials (HTTP ${status}): check the API key or the proxy's UPSTREAM_API_KEY secret.`;
  if (status === 404)
    return `The model endpoint ${url} was not found (HTTP 404): check baseURL (it should end in /v1) and the model name.`;
  if (status === 413)
    return `The request was too large for ${url} (HTTP 413): shorten the conversation or the attachments.`;
  if (status === 429)
    return `The model provider is rate limiting requests (HTTP 429): wait a moment and try again.`;
  if (status >= 500) return `The model provider failed (HTTP ${status}): try again shortly.`;
  return `The model call to ${url} failed with HTTP ${status}.`;
}

/** The model endpoint could not be reached at all (network error, CORS refusal, DNS). */
export class ModelUnreachableError extends AgentChatError {
  constructor(url: string, cause: unknown) {
    super(
      'model_unreachable',
      `Could not reach the model endpoint ${url}: check that the URL is right, the proxy is running and allows this page's origin.`,
      { cause, isRetryable: true },
    );
  }
}

/** The provider's stream could not be understood (not SSE, or an event that is not valid JSON). */
export class StreamMalformedError extends AgentChatError {
  constructor(detail: string, cause?: unknown, expected = 'an OpenAI-compatible /v1 endpoint') {
    super(
      'stream_malformed',
      `The model endpoint sent a malformed stream: ${detail}. Check that baseURL points at ${expected}.`,
      {
        cause,
      },
    );
  }
}

/** The provider's stream ended before the model finished its answer. */
export class StreamInterruptedError extends AgentChatError {
  constructor(cause?: unknown) {
    super(
      'stream_interrupted',
      'The connection to the model was cut before the answer was complete: try again.',
      {
        cause,
        isRetryable: true,
      },
    );
  }
}

/** A tool did not finish within its `timeoutMs`. */
export class ToolTimeoutError extends AgentChatError {
  constructor(toolName: string, timeoutMs: number) {
    super('tool_timeout', `${toolName} did not finish within ${timeoutMs} ms and was stopped.`, {
      isRetryable: true,
    });
  }
}
