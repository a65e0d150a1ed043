import type { CreditsLeft } from './credits-left.js';
import type { Message, ReasoningBlock, ToolCall } from './messages.js';

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

/** Ask the model for one JSON object matching `schema` (the provider's JSON-schema / grammar mode). */
export interface ResponseFormat {
  type: 'json_schema';
  /** Short identifier of the schema, e.g. `supervisor_decision`. */
  name: string;
  schema: Record<string, unknown>;
}

/** One model call. */
export interface ModelRequest {
  messages: Message[];
  tools?: ToolSpec[];
  maxTokens?: number;
  temperature?: number;
  /** Constrains the answer to JSON matching a schema; needs `capabilities.jsonSchema`. */
  responseFormat?: ResponseFormat;
  /** The conversation this call belongs to: per-conversation budgets and cost ledgers key on it. */
  conversationId?: string;
  /** How hard a reasoning model should think; OpenAI-compatible adapters send it as `reasoning_effort`. */
  reasoningEffort?: ReasoningEffort;
  /** Anthropic extended thinking: the token budget of the model's thinking (`thinking.budget_tokens`). */
  thinking?: { budgetTokens: number };
}

/** Reasoning effort of OpenAI-style reasoning models. */
export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high';

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
  /** A piece of the model's reasoning (thinking), never part of the answer. */
  | { type: 'reasoning-delta'; text: string }
  /**
   * The end of one reasoning segment: its whole text and, for providers that need it back with the next
   * request of the run (Anthropic `thinking` with its signature, `redacted_thinking`), the blocks as sent.
   */
  | { type: 'reasoning-end'; text: string; blocks?: ReasoningBlock[] }
  /** Something in the stream was unexpected and skipped (an unknown content part, a reasoning field of the wrong type). */
  | { type: 'warning'; message: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; id: string; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number; toolCall: ToolCall }
  | { type: 'usage'; usage: Usage; costUsd?: number; model?: string; credits?: CreditsLeft }
  /** `ignoredEvents`: stream events of a type the reader does not know, skipped (only when there were some). */
  | { type: 'finish'; reason: FinishReason; rawReason?: string; ignoredEvents?: number }
  /** Download / compile progress of a local model (before any text). */
  | { type: 'loading'; model: string; progress: ModelLoadingProgress }
  /** Which model `route()` / `fallback()` picked for this call, and why. */
  | { type: 'decided'; model: string; reason: string; candidates?: string[] };

/** One step of loading a local model: what is happening, how far, how many bytes. */
export interface ModelLoadingProgress {
  phase: 'download' | 'compile' | 'ready';
  /** 0…1 within the phase. */
  fraction: number;
  loadedBytes?: number;
  totalBytes?: number;
  /** The engine's own words, e.g. `Fetching param cache[3/20]: 120MB fetched`. */
  text?: string;
}

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
