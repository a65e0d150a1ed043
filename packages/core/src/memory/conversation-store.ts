import type { Message } from '../model/messages.js';

/** A conversation as listed in a UI. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
}

/**
 * The port for conversation persistence. Stores keep the full hidden history (tool calls and results);
 * the system prompt is never stored. `append` is atomic: a turn is stored whole or not at all.
 */
export interface ConversationStore {
  /** Every stored message of the conversation, oldest first; empty for an unknown id. */
  load(conversationId: string): Promise<Message[]>;
  /** Appends the messages of one turn atomically. */
  append(conversationId: string, messages: Message[]): Promise<void>;
  list(): Promise<ConversationSummary[]>;
  rename(conversationId: string, title: string): Promise<void>;
  delete(conversationId: string): Promise<void>;
  /** The whole conversation as plain JSON, for download or {@link ConversationStore.import}. */
  export(conversationId: string): Promise<ConversationExport>;
  /** Stores an exported conversation (under its own id, or `asId`); returns the id used. */
  import(data: ConversationExport, asId?: string): Promise<string>;
}

/** A conversation as exported: versioned plain JSON. */
export interface ConversationExport {
  format: 'agent-chat.conversation';
  version: 1;
  conversation: ConversationSummary;
  messages: Message[];
}

/** The messages a user sees: their own and the final answers, without tool traffic. */
export function visibleMessages(messages: readonly Message[]): Message[] {
  return messages.filter(
    (m) => m.role === 'user' || (m.role === 'assistant' && !m.toolCalls?.length && m.content !== ''),
  );
}
