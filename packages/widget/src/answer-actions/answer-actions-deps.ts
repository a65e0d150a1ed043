import type { ConversationStore, RunLogRecord } from '@agent-chat/core';
import type { AgentChatAttributes } from '../agent-chat.attributes.js';
import type { AgentChatStrings } from '../strings.js';
import type { TranscriptItem } from '../transcript.js';

/** What copy and feedback under each answer need from the element. */
export interface AnswerActionsDeps {
  host: AgentChatAttributes;
  items(): readonly TranscriptItem[];
  conversationId(): string | undefined;
  store(): ConversationStore;
  running(): boolean;
  /** The element's texts (for regenerate / edit). */
  strings(): AgentChatStrings;
  /** Shows `items` as the conversation `id` (after its last turn was removed). */
  reset(items: readonly TranscriptItem[], id: string): void;
  /** Sends `text` as the user's next message. */
  send(text: string): void;
  /** The message text box. */
  input(): HTMLTextAreaElement | null;
  fail(error: unknown): void;
  /** Adds a record to the conversation's run log (its JSONL export). */
  log(conversationId: string, record: RunLogRecord): Promise<void>;
}
