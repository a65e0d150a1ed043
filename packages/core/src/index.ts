// Public API of @agent-chat/core. Everything exported here is supported; nothing else is.
export {
  type Agent,
  type AgentLimits,
  type AgentOptions,
  type ChatAgent,
  createAgent,
  type RunInput,
} from './agent/create-agent.js';
export { extractJson } from './agent/extract-json.js';
export { indexedDBCheckpointStore } from './agent/indexeddb-checkpoint-store.js';
export { isMcpToolSource, type McpToolLoading, type McpToolSource } from './agent/mcp-tool-source.js';
export { type Reflection, ReflectionSchema } from './agent/reflection-schema.js';
export {
  memoryCheckpointStore,
  type PendingRequest,
  type RunCheckpoint,
  type RunCheckpointStore,
} from './agent/run-checkpoint-store.js';
export { type StructuredOptions, structured } from './agent/structured-output.js';
export { type StructuredAttempt, StructuredOutputError } from './agent/structured-output-error.js';
export { type SupervisorDecision, SupervisorDecisionSchema } from './agent/supervisor-decision.js';
export { UnknownRequestError } from './agent/unknown-request-error.js';
export {
  validateWorkflow,
  type WorkflowDefinition,
  WorkflowDefinitionSchema,
  type WorkflowStep,
  type WorkflowValidation,
} from './agent/workflow-definition.js';
// Memory and context (dual-track memory, context budgeting)
export {
  type CallEfficiency,
  type EfficiencyLog,
  type EfficiencyLogOptions,
  efficiencyLog,
} from './context/efficiency-log.js';
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
  ToolTimeoutError,
} from './errors.js';
export type {
  AgentEvent,
  AgentEventBase,
  AgentEventBody,
  AgentEventOf,
  DecisionMode,
  RunStatus,
  SupervisorAction,
  UsageContext,
  WorkflowStepStatus,
} from './events.js';
export { toSSE } from './events.js';
export { completeMcpSignIn } from './mcp/auth/complete-sign-in.js';
export type { McpResumedSignIn } from './mcp/auth/hub-sign-in.js';
export { indexedDBOAuthStore } from './mcp/auth/indexeddb-oauth-store.js';
export { McpAuthError, type McpAuthFailure } from './mcp/auth/mcp-auth-error.js';
export { McpOAuthProvider, type OAuthClientSettings } from './mcp/auth/mcp-oauth-provider.js';
export { memoryOAuthStore, type OAuthRecord, type OAuthStore } from './mcp/auth/oauth-store.js';
export { type PopupSignInOptions, popupSignIn } from './mcp/auth/popup-sign-in.js';
export { mcpSignInReturned } from './mcp/auth/redirect-return.js';
export type { McpAccount, McpServerAuth } from './mcp/auth/server-auth.js';
export { headlessSignIn, type SignIn, type SignInContext } from './mcp/auth/sign-in.js';
export { type FittedCatalog, fitToolCatalog, toolCatalogText } from './mcp/catalog-text.js';
export {
  McpInvalidAnswerError,
  McpProtocolError,
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
export { McpAppError, type McpAppProblem } from './mcp-apps/mcp-app-error.js';
export { McpApps } from './mcp-apps/mcp-apps.js';
export {
  MCP_APP_MIME_TYPE,
  MCP_APPS_EXTENSION,
  type McpToolUi,
  type McpToolVisibility,
  readToolUi,
} from './mcp-apps/ui-meta.js';
export type { McpAppCsp, McpAppResource } from './mcp-apps/ui-resource.js';
export { ConversationImportError } from './memory/conversation-import-error.js';
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
export type { OptionalPackage } from './missing-dependency.js';
export { MissingDependencyError } from './missing-dependency-error.js';
export { type AnthropicOptions, anthropic } from './model/anthropic/anthropic.js';
export { type AutoModelOptions, autoModel } from './model/auto-model.js';
export { type BuiltInAIOptions, builtInAI } from './model/built-in/built-in-ai.js';
export type {
  ChatModel,
  FinishReason,
  ModelCapabilities,
  ModelEvent,
  ModelLoadingProgress,
  ModelRequest,
  ReasoningEffort,
  ResponseFormat,
  ToolSpec,
  Usage,
} from './model/chat-model.js';
export type { ChartSpec, ContentItem, McpAppContent } from './model/content.js';
export { type CreditsLeft, creditsFromHeaders } from './model/credits.js';
export { fallback } from './model/fallback.js';
export {
  CreditsExhaustedError,
  type CreditsState,
  RATE_LIMIT_RETRY_MAX_SECONDS,
  RateLimitedError,
} from './model/limit-errors.js';
export type {
  ImageInput,
  Message,
  MessageFeedback,
  Reasoning,
  ReasoningBlock,
  ToolCall,
} from './model/messages.js';
export {
  BudgetExceededError,
  LocalModelUnavailableError,
  type LocalModelUnavailableReason,
  ModelNotFoundError,
  ModelTimeoutError,
  type ModelTimeoutPhase,
  ToolsUnsupportedError,
} from './model/model-errors.js';
export { type OpenAICompatibleOptions, openAICompatible } from './model/openai/openai-compatible.js';
export { type PricedModel, type PricedOptions, priced } from './model/priced.js';
export { costOf, DEFAULT_PRICES, type ModelPrice, type PriceTable, priceOf } from './model/pricing.js';
export {
  listOpenAIModels,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveOpenAIModel,
} from './model/resolve-model.js';
export {
  type ResumableFetchOptions,
  resumableFetch,
  streamUrl,
} from './model/resumable/resumable-fetch.js';
export { type RetryOptions, withRetry } from './model/retry.js';
export { complexityScore, type RouteModels, type RouteOptions, route } from './model/route.js';
export type { ModelTimeouts } from './model/stream-timeouts.js';
export { type WebLLMModel, type WebLLMOptions, webLLM } from './model/web-llm/web-llm.js';
export type { WebLLMChatRequest, WebLLMEngine } from './model/web-llm/web-llm-engine.js';
export type { WebLLMLoadOptions } from './model/web-llm/web-llm-loader.js';
export { DEFAULT_LOCAL_MODEL, LOCAL_MODELS, type LocalModelInfo } from './model/web-llm/web-llm-models.js';
export { checkWebGPU, type LocalModelNeeds, type WebGPUReport } from './model/web-llm/webgpu-check.js';
export { checkWidget, WIDGET_LIMITS, type WidgetCheck } from './model/widget-check.js';
export type { WidgetAction, WidgetContent, WidgetNode } from './model/widget-node.js';
export { widgetText } from './model/widget-text.js';
export * from './rag/index.js';
export type { RunTelemetry, TelemetryOptions } from './telemetry/otel-telemetry.js';
export { redactSecrets } from './telemetry/redact.js';
export {
  type MemoryRunLogOptions,
  memoryRunLog,
  type RunLog,
  type RunLogKind,
  type RunLogRecord,
  runLogFile,
} from './telemetry/run-log.js';
export {
  ImageGenerationError,
  type ImageGeneratorOptions,
  imageGenerator,
} from './tools/image/image-generator.js';
export { fromJSONSchema, type JSONSchemaType, type JSONSchemaTypeOptions } from './tools/json-schema-type.js';
export { rewriteQueryTool } from './tools/operators/rewrite-query-tool.js';
export { synthesizeTool } from './tools/operators/synthesize-tool.js';
export { PythonTimeoutError, PythonUnavailableError } from './tools/python/python-errors.js';
export { type PythonInterpreterTool, pythonInterpreter } from './tools/python/python-interpreter.js';
export type { PythonFile, PythonInterpreterOptions } from './tools/python/python-options.js';
export { PYODIDE_VERSION, pyodideCdnURL } from './tools/python/python-version.js';
export type {
  InferOutput,
  StandardIssue,
  StandardSchema,
  StandardSchemaWithJSON,
} from './tools/standard-schema.js';
export {
  defineTool,
  type JSONSchemaObject,
  type Tool,
  type ToolArgsValidation,
  type ToolContext,
  type ToolDefinition,
  type ToolEmission,
  type ToolEvent,
} from './tools/tool.js';
export { isToolOutput, type ToolOutput, toolOutput, toolOutputText } from './tools/tool-output.js';
export { ToolRegistry } from './tools/tool-registry.js';
