import { AgentChatError } from '../errors.js';

/** The UI messages given to {@link agentChatTransport} fail the AI SDK's `validateUIMessages`. */
export class UIMessagesInvalidError extends AgentChatError {
  constructor(validatorMessage: string, cause?: unknown) {
    super(
      'invalid_input',
      `agentChatTransport: the UI messages were refused by the AI SDK's validateUIMessages: ${validatorMessage}`,
      { cause },
    );
  }
}
