import { AgentChatError } from '@agent-chat/core';

/** The site's `token-url` endpoint gave no usable client token (down, an HTTP error, or no `token`). */
export class TokenEndpointError extends AgentChatError {
  /** The endpoint asked. */
  readonly url: string;
  /** HTTP status of its answer, when it answered. */
  readonly status: number | undefined;

  constructor(url: string, reason: string, options: { status?: number; cause?: unknown } = {}) {
    super(
      'invalid_configuration',
      `Could not get a client token from ${url} (${reason}). The endpoint must answer JSON {"token":"…"}; your message was kept, send it again once the endpoint works.`,
      { cause: options.cause, isRetryable: true },
    );
    this.url = url;
    this.status = options.status;
  }
}

/** A `knowledge` document that could not be indexed: not found, a type not read, or too big. */
export class KnowledgeDocumentError extends AgentChatError {
  /** The document's URL. */
  readonly url: string;
  /** `not-found` (an HTTP error), `unsupported-type`, `too-large` or `unreadable`. */
  readonly reason: 'not-found' | 'unsupported-type' | 'too-large' | 'unreadable';

  constructor(url: string, reason: KnowledgeDocumentError['reason'], detail: string, cause?: unknown) {
    super('ingest_failed', `${url}: ${detail}`, { cause });
    this.url = url;
    this.reason = reason;
  }
}

/** A WebMCP tool the page registered that cannot be offered to the model (bad name or input schema). */
export class PageToolError extends AgentChatError {
  constructor(message: string, cause?: unknown) {
    super('invalid_tool_definition', message, { cause });
  }
}
