import type { RunStatus } from '@agent-chat/core';
import type { AgentChatActionDetail } from './action-detail.js';

export type { AgentChatActionDetail };

/** `detail` of `agent-chat-message`: a message the user sent or a finished answer. */
export interface AgentChatMessageDetail {
  role: 'user' | 'assistant';
  text: string;
  conversationId: string | undefined;
}

/** `detail` of `agent-chat-run-start`. */
export interface AgentChatRunStartDetail {
  runId: string;
  conversationId: string;
}

/** `detail` of `agent-chat-run-finish`. */
export interface AgentChatRunFinishDetail {
  runId: string;
  status: RunStatus;
  turns: number;
}

/** `detail` of `agent-chat-error`: a run error or a configuration error (code `CONFIGURATION`). */
export interface AgentChatErrorDetail {
  code: string;
  message: string;
  retryable: boolean;
  /** `rate_limited`: seconds until a message may be sent again, when known. */
  retryAfterSeconds?: number;
  /** `credits_exhausted`: when the credits come back (ISO time), when known. */
  resetAt?: string;
}

/** `detail` of `agent-chat-remote`: what a remote agent sent beside text and tools (AI SDK `data-*` parts, AG-UI state). */
export type AgentChatRemoteDetail =
  | { kind: 'data'; name: string; id?: string; data: unknown }
  | { kind: 'state'; state: unknown; delta?: unknown[] };
/** `detail` of `agent-chat-feedback`: the user rated an answer (kept with the message, in the run log too). */
export interface AgentChatFeedbackDetail {
  conversationId: string;
  /** The rated message: `<conversationId>:<position of the message in the conversation>`. */
  messageId: string;
  /** The run that produced the answer. */
  runId: string;
  rating: 'up' | 'down';
  /** What the user wrote in the comment box (thumbs down only), if anything. */
  comment?: string;
}

/** The custom events `<agent-chat>` dispatches; all bubble and cross shadow roots (`composed`). */
export interface AgentChatEventMap {
  'agent-chat-message': CustomEvent<AgentChatMessageDetail>;
  'agent-chat-run-start': CustomEvent<AgentChatRunStartDetail>;
  'agent-chat-run-finish': CustomEvent<AgentChatRunFinishDetail>;
  'agent-chat-error': CustomEvent<AgentChatErrorDetail>;
  /** With `agent-url`: a data part or a state change of the remote agent. */
  'agent-chat-remote': CustomEvent<AgentChatRemoteDetail>;
  /** The user rated an answer (thumbs up, or thumbs down with an optional comment). */
  'agent-chat-feedback': CustomEvent<AgentChatFeedbackDetail>;
  /** The launcher's or panel's chat opened (`open()`, the launcher button, a restored state does not fire). */
  'agent-chat-open': CustomEvent<null>;
  /** It closed (`close()`, the close button, Esc). */
  'agent-chat-close': CustomEvent<null>;
  /**
   * Dispatched by a tool's view (`tool-views`), bubbling and composed: send a message, or run a page tool and
   * let the agent continue with its result. Heard by the chat; an invalid detail is refused with a console error.
   */
  'agent-chat-action': CustomEvent<AgentChatActionDetail>;
}

/** Dispatches one of the element's events, bubbling and composed. */
export function emit<K extends keyof AgentChatEventMap>(
  target: EventTarget,
  type: K,
  detail: AgentChatEventMap[K]['detail'],
): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap extends AgentChatEventMap {}
}
