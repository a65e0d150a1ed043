import { AgentChatError } from '../errors.js';

/** `agent.respond()` was given a request id no pending clarification or approval has. */
export class UnknownRequestError extends AgentChatError {
  constructor(requestId: string) {
    super(
      'unknown_request',
      `agent.respond: no pending clarification or approval has the id "${requestId}"; it was answered already or never existed (see agent.pending()).`,
    );
  }
}
