import type { ContentItem } from './content.js';
/** Provider-neutral conversation messages: what the agent keeps and what adapters translate. */

/** One tool call requested by the model; `arguments` is the raw JSON text the model produced. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A message of the conversation as the model sees it. */
export type Message =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; images?: ImageInput[] }
  | {
      role: 'assistant';
      content: string;
      toolCalls?: ToolCall[];
      reasoning?: Reasoning;
      /** The user's rating of this answer, kept for the site's records; never sent to a model. */
      feedback?: MessageFeedback;
    }
  | {
      role: 'tool';
      toolCallId: string;
      toolName: string;
      content: string;
      /** Rich output of the call (images, tables…) kept for the UI after a reload; never sent to a model. */
      items?: ContentItem[];
    };

/** A user's rating of an answer (thumbs up / down, with an optional comment on down). */
export interface MessageFeedback {
  rating: 'up' | 'down';
  comment?: string;
  /** When it was given, in milliseconds since the epoch. */
  at: number;
}

/** An image sent with a user message to a vision model: a `data:` URL (base64) or an https URL. */
export interface ImageInput {
  url: string;
  /** e.g. `image/png`; read from a `data:` URL when omitted. */
  mimeType?: string;
}

/** What a reasoning model thought before this message: shown to the user, sent back only where a provider needs it. */
export interface Reasoning {
  text: string;
  /** How long the model thought, from its first to its last reasoning piece. */
  durationMs?: number;
  /** Provider blocks that must go back unchanged with the next request of the same run (Anthropic). */
  blocks?: ReasoningBlock[];
}

/** An Anthropic thinking block as the API sent it; the signature must travel back byte for byte. */
export type ReasoningBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };
