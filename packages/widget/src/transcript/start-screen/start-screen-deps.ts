import type { AgentChatAttributes } from '../../element/agent-chat.attributes.js';

/** What the start screen needs from the element. */
export interface StartScreenDeps {
  host: AgentChatAttributes;
  /** Sends a prompt as the user's message. */
  send(prompt: string): void;
}
