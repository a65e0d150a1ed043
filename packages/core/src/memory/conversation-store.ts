import type { Message } from '../model/messages.js';
import type { SummaryMethod } from './summarize.js';

/** A conversation as listed in a UI. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  /**
   * Set on a branch (a copy of another conversation up to an edited or regenerated turn, then its own
   * way): `root` is the conversation the family started from. Kept by the store like the title.
   */
  branch?: { root: string };
}

/**
 * The port for conversation persistence. Stores keep the full hidden history (tool calls and results);
 * the system prompt is never stored. `append` is atomic: a turn is stored whole or not at all.
 */
export interface ConversationStore {
  /** Every stored message of the conversation, oldest first; empty for an unknown id. */
  load(conversationId: string): Promise<Message[]>;
  /**
   * Appends the messages of one turn atomically, with the summaries of its long entries (dual-track
   * memory): the turn and its summaries are stored together or not at all.
   */
  append(conversationId: string, messages: Message[], summaries?: TurnSummary[]): Promise<void>;
  /** Summaries stored with the conversation's entries, by message position; empty when none. */
  loadSummaries?(conversationId: string): Promise<StoredSummary[]>;
  list(): Promise<ConversationSummary[]>;
  /**
   * The conversations whose title or messages (the user's and the answers) contain every word of
   * `query`, newest first; the whole list for an empty query. Optional: without it, the widget loads
   * each conversation to search it.
   */
  search?(query: string): Promise<ConversationSummary[]>;
  rename(conversationId: string, title: string): Promise<void>;
  delete(conversationId: string): Promise<void>;
  /** The whole conversation as plain JSON, for download or {@link ConversationStore.import}. */
  export(conversationId: string): Promise<ConversationExport>;
  /** Stores an exported conversation (under its own id, or `asId`); returns the id used. */
  import(data: ConversationExport, asId?: string): Promise<string>;
}

/** The summary of one message of a turn being appended; `index` is its position in that turn. */
export interface TurnSummary {
  index: number;
  text: string;
  method: SummaryMethod;
}

/** A stored summary; `seq` is the position of the summarised message in the whole conversation. */
export interface StoredSummary {
  seq: number;
  text: string;
  method: SummaryMethod;
}

/** A conversation as exported: versioned plain JSON. */
export interface ConversationExport {
  format: 'agent-chat.conversation';
  version: 1;
  conversation: ConversationSummary;
  messages: Message[];
  /** Dual-track summaries, when the store keeps them. */
  summaries?: StoredSummary[];
}

/**
 * The title of a new conversation: the first line of its first user message, cut at a word boundary
 * (with "…") when longer than 60 characters.
 */
export function titleFrom(messages: readonly Message[]): string {
  const text = messages.find((m) => m.role === 'user')?.content ?? '';
  const line = text.trim().split('\n')[0] ?? '';
  if (line.length <= 60) return line || 'New conversation';
  const cut = line.slice(0, 59);
  const space = cut.lastIndexOf(' ');
  // A word longer than the whole title (a URL) is cut where it is.
  return `${(space >= 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The messages a user sees: their own and the final answers, without tool traffic. */
export function visibleMessages(messages: readonly Message[]): Message[] {
  return messages.filter(
    (m) => m.role === 'user' || (m.role === 'assistant' && !m.toolCalls?.length && m.content !== ''),
  );
}
