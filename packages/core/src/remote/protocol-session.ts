import type { AgentEventBody } from '../events.js';
import type { Tool } from '../tools/tool.js';
import type { RemoteThread } from './remote-thread-store.js';

/** A tool call the backend left to the page: a page tool to run, or a backend tool waiting for approval. */
export interface PendingCall {
  toolCallId: string;
  name: string;
  args: unknown;
  /** `page`: run the page tool of that name; `approval`: the backend asks the user first (AI SDK). */
  kind: 'page' | 'approval';
  approvalId?: string;
}

/** What a page tool returned, sent back to the backend. */
export type PageToolResult = { ok: true; result: unknown; content: string } | { ok: false; error: string };

/** One conversation's exchange with the backend in one protocol: the state needed to resend it. */
export interface ProtocolSession {
  /** Starts a turn with the user's message. */
  addUser(text: string): void;
  /**
   * Sends the conversation and streams one answer, emitting our events; resolves with the calls the
   * backend left to the page. Throws typed errors (HTTP, content type, cut stream, the backend's error).
   */
  round(emit: (event: AgentEventBody) => void, signal: AbortSignal): Promise<PendingCall[]>;
  /**
   * Picks up the answer the backend is still giving to the current turn (sent by a page that is gone, e.g.
   * before a reload) instead of sending it again: streams it from its start as {@link round} does and
   * resolves with the calls left to the page, or `undefined` when the backend has no answer in flight to
   * give. Absent where the protocol has no such request (AG-UI).
   */
  resumeRound?(
    emit: (event: AgentEventBody) => void,
    signal: AbortSignal,
  ): Promise<PendingCall[] | undefined>;
  toolResult(call: PendingCall, result: PageToolResult): void;
  approval(call: PendingCall, approved: boolean): void;
  /** The protocol messages of the current turn (user message first). */
  turnMessages(): unknown[];
  /** Shared state to keep (AG-UI), if any. */
  state(): unknown;
}

/** Opens sessions of one protocol. */
export interface ProtocolDriver {
  session(input: {
    conversationId: string;
    thread: RemoteThread | undefined;
    pageTools: readonly Tool[];
  }): ProtocolSession;
}

/** Tool output as the text a model reads. */
export function outputText(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output ?? null);
}
