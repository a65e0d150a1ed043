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
export { toolCatalogText } from './mcp/catalog-text.js';
export {
  McpInvalidAnswerError,
  McpRequestError,
  McpServerUnavailableError,
} from './mcp/mcp-errors.js';
export { McpHub, type McpServerStatus } from './mcp/mcp-hub.js';
export type {
  McpHubEvent,
  McpHubOptions,
  McpServerConfig,
  McpToolEvent,
  McpToolSummary,
} from './mcp/mcp-hub-options.js';
export type { McpToolArgs } from './mcp/mcp-tool.js';
export type { ElicitationAnswer } from './mcp/pending-answers.js';
export type { McpToolOutcome } from './mcp/tool-result.js';
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
export type { ChartSpec, ContentItem } from './tools/content.js';
export {
  defineTool,
  type JSONSchemaObject,
  type Tool,
  type ToolContext,
  type ToolDefinition,
  type ToolEvent,
} from './tools/tool.js';
export * from './rag/index.js';
