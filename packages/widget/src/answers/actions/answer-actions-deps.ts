import type { ConversationStore } from '@agent-chat/core';
import type { AgentSourceController } from '../../agent/agent-source-controller.js';
import type { RunController } from '../../agent/run-controller.js';
import type { SendController } from '../../agent/send-controller.js';
import type { ConversationsController } from '../../conversations/conversations-controller.js';
import type { AgentChatAttributes } from '../../element/agent-chat.attributes.js';
import type { AgentChatStrings } from '../../i18n/strings.js';

/** What copy, feedback, regenerate and edit need from the element. */
export interface AnswerActionsDeps {
  host: AgentChatAttributes;
  /** The transcript, conversation and status shown; `reset` after the last turn was removed. */
  run: RunController;
  /** Opens a stored conversation (another branch). */
  conversations: ConversationsController;
  /** Sends the user's next message. */
  send: SendController;
  /** Adds records (the user's feedback) to the conversation's run log. */
  source: AgentSourceController;
  /** The message text box. */
  input(): HTMLTextAreaElement | null;
  fail(error: unknown): void;
  store(): ConversationStore;
  /** The element's texts (for regenerate / edit). */
  strings(): AgentChatStrings;
}
