import type { ConversationStore, RunLogRecord } from '@agent-chat/core';
import type { AgentChatAttributes } from '../agent-chat.attributes.js';
import type { TranscriptItem } from '../transcript.js';

/** What copy and feedback under each answer need from the element. */
export interface AnswerActionsDeps {
  host: AgentChatAttributes;
  items(): readonly TranscriptItem[];
  conversationId(): string | undefined;
  store(): ConversationStore;
  running(): boolean;
  /** Adds a record to the conversation's run log (its JSONL export). */
  log(conversationId: string, record: RunLogRecord): Promise<void>;
}
