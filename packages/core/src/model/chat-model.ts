import type { Message, ToolCall } from './messages.js';

/** What a model can do; the agent picks its strategy from this, never by trial and error. */
export interface ModelCapabilities {
  /** Native tool calling through the provider's tools API. */
  tools: boolean;
  /** A JSON-schema constrained output mode. */
  jsonSchema: boolean;
  /** Image inputs. */
  vision: boolean;
  /** Context window in tokens. */
  contextWindow: number;
}

/** A tool as offered to the model: name, description and JSON Schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One model call. */
export interface ModelRequest {
  messages: Message[];
  tools?: ToolSpec[];
  maxTokens?: number;
  temperature?: number;
  /** Constrain the output to JSON matching a schema, for adapters whose provider offers it. */
  responseFormat?: { type: 'json_schema'; name: string; schema: Record<string, unknown> };
}

/** Token usage reported by the provider for one call. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** Why the model stopped; `rawReason` keeps the provider's own word. */
export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'other';

/** The stream a model call produces. */
export type ModelEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; id: string; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number; toolCall: ToolCall }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: FinishReason; rawReason?: string };

/**
 * The port every model adapter implements: OpenAI-compatible endpoints, Anthropic, a local WebGPU
 * model, or a test fake. The agent depends only on this interface.
 */
export interface ChatModel {
  /** `provider:model`, e.g. `openai:gpt-4o-mini`. */
  readonly id: string;
  readonly capabilities: ModelCapabilities;
  /** Starts a call; the iterable ends after a `finish` event or throws an `AgentChatError`. */
  stream(request: ModelRequest, options?: { signal?: AbortSignal }): AsyncIterable<ModelEvent>;
}
