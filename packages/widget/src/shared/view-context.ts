import type { McpHub } from '@agent-chat/core';
import type { TemplateResult } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';
import type { ApprovalItem, ClarifyItem, TranscriptItem } from '../transcript-model/transcript.js';
import type { RunState } from './run-state.js';

/**
 * What an MCP App's stage needs from `<agent-chat>` (through the view context): the narrow parts of its
 * controllers it uses, so the element carries no code for apps until a stage has one.
 */
export interface McpAppsDeps {
  /** Starts (or gives) the element's MCP hub, e.g. after a reload. */
  source: { mcpHub(): Promise<McpHub | undefined> };
  /**
   * The element's sending: `pendingTurn` is set while a message waits for its run. `fromApp`: not the
   * visitor's typing (nothing attached goes with it); tool views send both kinds.
   */
  sender: {
    send(text: string, options?: { fromApp?: boolean }): Promise<void>;
    readonly pendingTurn: unknown;
  };
  run: Pick<RunState, 'status'>;
}

/** What the item renderers need from the element: its strings, settings and actions. */
export interface ViewContext {
  strings: AgentChatStrings;
  /** A run is in progress (its last message may still grow). */
  running: boolean;
  /** Close a stage when its tool call ends. */
  autoCollapse: boolean;
  /** Every item, for renderers that nest items (a workflow shows its steps' tool calls). */
  items: readonly TranscriptItem[];
  /** Call after the Markdown engine loaded, to render again. */
  rerender(): void;
  answer(item: ClarifyItem, value: unknown): void;
  decide(item: ApprovalItem, approved: boolean): void;
  cancelModel(): void;
  retryModel(): void;
  /** The Connect form of an MCP server's sign-in request, when the accounts UI has loaded. */
  renderSignIn?(item: ClarifyItem): TemplateResult | undefined;
  /** What the stage of an MCP App needs from the element (its hub, sending a message). */
  mcpApps?: McpAppsDeps;
  /** The read-aloud control of a finished answer, once the voice chunk has loaded. */
  readAloud?(item: TranscriptItem, final: boolean): unknown;
  /** Copy and feedback under a finished answer, once their chunk has loaded. */
  answerActions?(item: TranscriptItem, final: boolean): unknown;
}

/** `1234` → `1.2 s`, `80` → `80 ms`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Compact JSON for previews, cut at `max` characters. */
export function previewJson(value: unknown, max = 600, indent?: number): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value, null, indent) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
