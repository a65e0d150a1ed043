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
export type {
  ChatModel,
  FinishReason,
  ModelCapabilities,
  ModelEvent,
  ModelRequest,
  ToolSpec,
  Usage,
} from './model/chat-model.js';
export type { Message, ToolCall } from './model/messages.js';
export { type OpenAICompatibleOptions, openAICompatible } from './model/openai-compatible.js';
export * from './rag/index.js';
export {
  defineTool,
  type JSONSchemaObject,
  type Tool,
  type ToolContext,
  type ToolDefinition,
} from './tools/tool.js';
