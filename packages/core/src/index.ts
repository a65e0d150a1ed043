// Public API of @agent-chat/core. Everything exported here is supported; nothing else is.
export {
  type Agent,
  type AgentLimits,
  type AgentOptions,
  createAgent,
  type RunInput,
} from './agent/create-agent.js';
// Memory and context (DESIGN §2.5–2.6)
export {
  type OutputFormat,
  type SerializedOutput,
  serializeToolOutput,
} from './context/serialize-tool-output.js';
export {
  countMessageTokens,
  estimateTokenCounter,
  o200kTokenCounter,
  type TokenCounter,
  tokenCounterFor,
} from './context/token-counter.js';
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
  StoredSummary,
  TurnSummary,
} from './memory/conversation-store.js';
export { visibleMessages } from './memory/conversation-store.js';
export {
  type AssembledContext,
  type DualTrackMemory,
  type DualTrackOptions,
  dualTrackMemory,
} from './memory/dual-track-memory.js';
export { entryIds } from './memory/entry-ids.js';
export { extractiveSummary } from './memory/extractive-summary.js';
export {
  type IndexedDBConversationStore,
  type IndexedDBStoreOptions,
  indexedDBStore,
  type StoreChange,
} from './memory/indexeddb-store.js';
export { memoryStore } from './memory/memory-store.js';
export { RETRIEVE_FULL_CONTEXT, retrieveFullContextTool } from './memory/retrieve-full-context-tool.js';
export { StoreError, type StoreFailure } from './memory/store-error.js';
export { type Summary, type SummaryKind, type SummaryMethod, summaryPrompt } from './memory/summarize.js';
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
export {
  defineTool,
  type JSONSchemaObject,
  type Tool,
  type ToolContext,
  type ToolDefinition,
} from './tools/tool.js';
