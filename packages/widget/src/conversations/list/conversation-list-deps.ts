import type { ConversationStore, ConversationSummary } from '@agent-chat/core';
import type { ReactiveElement } from 'lit';

/** What the conversation list panel (a lazy chunk) needs from the conversations controller. */
export interface ConversationListDeps {
  store: ConversationStore;
  host: ReactiveElement;
  /** The conversation shown now. */
  currentId(): string | undefined;
  /** Opens a stored conversation and focuses the text box. */
  open(id: string): void;
  /** Starts a new, empty conversation and focuses the text box. */
  create(): void;
  /** Shows a new, empty conversation (after the shown one was deleted). */
  openEmpty(): Promise<void>;
  fail(error: unknown): void;
  /** Downloads the conversation's run log (model calls, tool calls, decisions) as JSONL. */
  exportRunLog(id: string): void;
  /** Changes the list's state and renders again. */
  patch(patch: Partial<ListState>): void;
  /** Reads the list from the store again. */
  refresh(): Promise<void>;
  /** The search query shown in the list. */
  query(): string;
  /** The conversation whose title is being edited. */
  renaming(): string | undefined;
}

/** The conversation list: shown or not, its entries, the one being renamed. */
export interface ListState {
  open: boolean;
  items: readonly ConversationSummary[];
  renaming?: string;
  /** The search box's query. */
  query?: string;
}
