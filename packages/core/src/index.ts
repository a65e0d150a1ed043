// Public API of @agent-chat/core. Everything exported here is supported; nothing else is.
export {
  type Agent,
  type AgentLimits,
  type AgentOptions,
  createAgent,
  type RunInput,
} from './agent/create-agent.js';
export {
  AbortedError,
  AgentChatError,
  type AgentChatErrorCode,
  ConfigurationError,
  ModelCallError,
  ModelUnreachableError,
  StreamInterruptedError,
  StreamMalformedError,
} from './errors.js';
export type {
  AgentEvent,
  AgentEventBase,
  AgentEventBody,
  AgentEventOf,
  DecisionMode,
  RunStatus,
  SupervisorAction,
  WorkflowStepStatus,
} from './events.js';
export { toSSE } from './events.js';
export type {
  ConversationExport,
  ConversationStore,
  ConversationSummary,
} from './memory/conversation-store.js';
export { visibleMessages } from './memory/conversation-store.js';
export { memoryStore } from './memory/memory-store.js';
export { type AnthropicOptions, anthropic } from './model/anthropic.js';
export { type AutoModelOptions, autoModel } from './model/auto-model.js';
export type {
  ChatModel,
  FinishReason,
  ModelCapabilities,
  ModelEvent,
  ModelLoadingProgress,
  ModelRequest,
  ResponseFormat,
  ToolSpec,
  Usage,
} from './model/chat-model.js';
export { fallback } from './model/fallback.js';
export type { ImageInput, Message, ToolCall } from './model/messages.js';
export {
  BudgetExceededError,
  LocalModelUnavailableError,
  type LocalModelUnavailableReason,
  ModelNotFoundError,
  ToolsUnsupportedError,
} from './model/model-errors.js';
export { type OpenAICompatibleOptions, openAICompatible } from './model/openai-compatible.js';
export { type PricedModel, type PricedOptions, priced } from './model/priced.js';
export { costOf, DEFAULT_PRICES, type ModelPrice, type PriceTable, priceOf } from './model/pricing.js';
export {
  listOpenAIModels,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveOpenAIModel,
} from './model/resolve-model.js';
export { complexityScore, type RouteModels, type RouteOptions, route } from './model/route.js';
export { type WebLLMModel, type WebLLMOptions, webLLM } from './model/web-llm.js';
export type { WebLLMChatRequest, WebLLMEngine } from './model/web-llm-engine.js';
export type { WebLLMLoadOptions } from './model/web-llm-loader.js';
export { DEFAULT_LOCAL_MODEL, LOCAL_MODELS, type LocalModelInfo } from './model/web-llm-models.js';
export { checkWebGPU, type LocalModelNeeds, type WebGPUReport } from './model/webgpu-check.js';
export {
  defineTool,
  type JSONSchemaObject,
  type Tool,
  type ToolContext,
  type ToolDefinition,
} from './tools/tool.js';
