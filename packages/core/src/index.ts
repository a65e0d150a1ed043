// Public API of @agent-chat/core. Everything exported here is supported; nothing else is.
export {
  type Agent,
  type AgentLimits,
  type AgentOptions,
  createAgent,
  type RunInput,
} from './agent/create-agent.js';
export { extractJson } from './agent/extract-json.js';
export { indexedDBCheckpointStore } from './agent/indexeddb-checkpoint-store.js';
export { type Reflection, ReflectionSchema } from './agent/reflection.js';
export {
  memoryCheckpointStore,
  type PendingRequest,
  type RunCheckpoint,
  type RunCheckpointStore,
} from './agent/run-checkpoint-store.js';
export { type StructuredOptions, structured } from './agent/structured-output.js';
export { type SupervisorDecision, SupervisorDecisionSchema } from './agent/supervisor-decision.js';
export {
  validateWorkflow,
  type WorkflowDefinition,
  WorkflowDefinitionSchema,
  type WorkflowStep,
  type WorkflowValidation,
} from './agent/workflow-definition.js';
export {
  AbortedError,
  AgentChatError,
  type AgentChatErrorCode,
  ConfigurationError,
  ModelCallError,
  ModelUnreachableError,
  StreamInterruptedError,
  StreamMalformedError,
  type StructuredAttempt,
  StructuredOutputError,
  ToolTimeoutError,
  UnknownRequestError,
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
export { type RetryOptions, withRetry } from './model/retry.js';
export { redactSecrets } from './telemetry/redact.js';
export {
  type MemoryRunLogOptions,
  memoryRunLog,
  type RunLog,
  type RunLogKind,
  type RunLogRecord,
  runLogFile,
} from './telemetry/run-log.js';
export type { ChartSpec, ContentItem } from './tools/content.js';
export { rewriteQueryTool } from './tools/operators/rewrite-query-tool.js';
export { synthesizeTool } from './tools/operators/synthesize-tool.js';
export {
  defineTool,
  type JSONSchemaObject,
  type Tool,
  type ToolContext,
  type ToolDefinition,
  type ToolEmission,
} from './tools/tool.js';
export { isToolOutput, type ToolOutput, toolOutput, toolOutputText } from './tools/tool-output.js';
export { ToolRegistry } from './tools/tool-registry.js';
