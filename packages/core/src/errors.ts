/**
 * Error classes of @agent-chat/core. Every error extends {@link AgentChatError}: it carries a stable
 * `code`, says whether retrying can help (`isRetryable`) and keeps the underlying `cause`. Messages say
 * what happened and what to do about it, so a UI can show them as they are.
 */

import { AgentChatError } from './agent-chat-error.js';

export { AgentChatError } from './agent-chat-error.js';
// Errors that only a failed call or tool throws live in their own module: the base error and the configuration
// error stay small enough for the widget's entry (re-exported here, so every import keeps working).
export {
  ModelCallError,
  ModelUnreachableError,
  StreamInterruptedError,
  StreamMalformedError,
  ToolTimeoutError,
} from './call-errors.js';
export type { AgentChatErrorCode } from './error-codes.js';

/** Options given to agent-chat are missing or wrong; the message names the option and the fix. */
export class ConfigurationError extends AgentChatError {
  constructor(message: string) {
    super('invalid_configuration', message);
  }
}

/** A run or model call was cancelled through its AbortSignal. */
export class AbortedError extends AgentChatError {
  constructor(cause?: unknown) {
    super('aborted', 'The run was stopped.', { cause });
  }
}

/** Normalizes anything thrown into an {@link AgentChatError}. */
export function toAgentChatError(error: unknown): AgentChatError {
  if (error instanceof AgentChatError) return error;
  if (isAbortError(error)) return new AbortedError(error);
  const message = error instanceof Error ? error.message : String(error);
  return new AgentChatError('model_call_failed', message, { cause: error });
}

/** True for the DOMException/Error a fetch or stream throws when its signal aborts. */
export function isAbortError(error: unknown): boolean {
  return (
    error instanceof AbortedError ||
    (typeof error === 'object' &&
      error !== null &&
      'name' in error &&
      (error as { name: unknown }).name === 'AbortError')
  );
}
