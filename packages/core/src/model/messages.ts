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
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string };

/** An image sent with a user message to a vision model: a `data:` URL (base64) or an https URL. */
export interface ImageInput {
  url: string;
  /** e.g. `image/png`; read from a `data:` URL when omitted. */
  mimeType?: string;
}
