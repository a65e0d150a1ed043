import { AgentChatError } from '../agent-chat-error.js';

/**
 * A conversation file was refused by `import`: it is not an agent-chat export, or one of its messages
 * has a role or a shape a stored conversation cannot have. `entry` is the index of that message in
 * `messages` (undefined when the file as a whole is wrong). Nothing of the file was stored.
 */
export class ConversationImportError extends AgentChatError {
  readonly entry: number | undefined;

  constructor(message: string, entry?: number) {
    super('invalid_import', message);
    this.entry = entry;
  }
}
