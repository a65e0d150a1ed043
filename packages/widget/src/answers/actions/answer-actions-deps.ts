import type { ConversationStore, RunLogRecord } from '@agent-chat/core';
import type { ConversationsController } from '../../conversations/conversations-controller.js';
import type { AgentChatStrings } from '../../i18n/strings.js';
import type { RunState } from '../../shared/run-state.js';
import type { WidgetHost } from '../../shared/widget-host.js';

/** What copy, feedback, regenerate and edit need from the element. */
export interface AnswerActionsDeps {
  /** The element; `feedback` shows the thumbs, `conversationId` follows the branch shown. */
  host: WidgetHost & { feedback: boolean; conversationId: string | undefined };
  /** The transcript, conversation and status shown; `reset` after the last turn was removed. */
  run: RunState;
  /** Opens a stored conversation (another branch). */
  conversations: Pick<ConversationsController, 'open'>;
  /** Sends the user's next message. */
  send: { send(text: string): Promise<void> };
  /** Adds records (the user's feedback) to the conversation's run log. */
  source: { log(conversationId: string, record: RunLogRecord): Promise<void> };
  /** The message text box. */
  input(): HTMLTextAreaElement | null;
  fail(error: unknown): void;
  store(): ConversationStore;
  /** The element's texts (for regenerate / edit). */
  strings(): AgentChatStrings;
}
