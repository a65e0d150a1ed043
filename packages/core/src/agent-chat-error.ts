import type { AgentChatErrorCode } from './error-codes.js';

/** Base class of every error thrown by agent-chat. */
export class AgentChatError extends Error {
  readonly code: AgentChatErrorCode;
  readonly isRetryable: boolean;
  /** Fields the run's `error` event carries besides code and message (e.g. `retryAfterSeconds`). */
  readonly details: { retryAfterSeconds?: number; resetAt?: string };

  constructor(
    code: AgentChatErrorCode,
    message: string,
    options: { cause?: unknown; isRetryable?: boolean; details?: AgentChatError['details'] | undefined } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.isRetryable = options.isRetryable ?? false;
    this.details = options.details ?? {};
  }
}
