import type { EfficiencyLogOptions } from '../context/efficiency-log.js';
import type { DecisionMode } from '../events.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import type { DualTrackOptions } from '../memory/dual-track-memory.js';
import type { ChatModel } from '../model/chat-model.js';
import type { RetryOptions } from '../model/retry.js';
import type { TelemetryOptions } from '../telemetry/otel-telemetry.js';
import type { RunLog } from '../telemetry/run-log.js';
import type { Tool } from '../tools/tool.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { McpToolLoading } from './mcp-tool-source.js';
import type { RunCheckpointStore } from './run-checkpoint-store.js';

/** Limits of one run. */
export interface AgentLimits {
  /** Model calls per run before the run stops with status `max-turns`; default 15. */
  maxTurns?: number;
  /** Reflection rounds before the supervisor must answer; default 5. */
  maxIterations?: number;
  /** Workflow steps of one batch running at once; default 4. */
  maxParallelSteps?: number;
  /** Tokens (input + output, over all model calls) one run may use; the context is compacted to fit. */
  tokenBudget?: number;
}

/** Options of {@link createAgent}. */
export interface AgentOptions {
  model: ChatModel;
  /** Tools from `defineTool`, or a {@link ToolRegistry} the app can add to later. */
  // biome-ignore lint/suspicious/noExplicitAny: tools of any argument type are accepted; each validates its own.
  tools?: Tool<any, unknown>[] | ToolRegistry;
  /** Sent with every model call; never stored in the conversation. */
  systemPrompt?: string;
  /** Where conversations are kept; default an in-memory store. */
  store?: ConversationStore;
  limits?: AgentLimits;
  /** Offer the built-in `plan_workflow` tool (CREATE_WORKFLOW); default false. */
  workflows?: boolean;
  /** Offer the built-in `ask_user` tool (CLARIFY); default false. */
  clarify?: boolean;
  /** Rate tool results after each tool turn (satisfied / need_more / blocked); default false. */
  reflect?: boolean;
  /**
   * `auto` (default): native tool calling when the model supports it, JSON decisions otherwise. Asking
   * for `native-tools` with a model that has no tool calling is a configuration error, never a downgrade.
   */
  decisionMode?: 'auto' | DecisionMode;
  /** Retry of transient model failures; default 3 retries with backoff. `false` turns it off. */
  retry?: RetryOptions | false;
  /** Where paused runs (clarifications, approvals) are kept; default in memory. */
  checkpoints?: RunCheckpointStore;
  /** Receives a JSONL record of every model call, tool call, decision and error. */
  runLog?: RunLog;
  /**
   * OpenTelemetry spans per the GenAI semantic conventions: `invoke_agent` per run, `chat {model}` per
   * model call (model, token usage, finish reason), `execute_tool {name}` per tool call. Needs
   * `@opentelemetry/api` (an optional peer). Message content only with `recordContent: true`.
   * @example createAgent({ model, telemetry: { tracer: trace.getTracer('shop-assistant') } })
   */
  telemetry?: TelemetryOptions;
  /**
   * Dual-track memory (summarised context with `[ID:…]` labels, `retrieve_full_context`, context
   * budgeting): `true` for the defaults, or options. Off by default. Tools get the run's memory as `ctx.memory`.
   */
  memory?: boolean | DualTrackOptions;
  /** A (cheaper) model that writes memory summaries; without one they are extractive. */
  summarizer?: ChatModel;
  /** Rolling window, drift threshold and input price of the efficiency log. */
  efficiency?: EfficiencyLogOptions;
  /**
   * An `McpHub` (or any {@link McpToolSource}): the agent offers its tools and routes the servers'
   * questions through `respond`. Also given to tools as `ctx.mcp`.
   */
  mcp?: unknown;
  /**
   * How the tools of `mcp` are offered: by default every definition while they are small, and above
   * 1000 estimated tokens the catalog plus a built-in `load_tools` (lazy loading). `false`: offer none
   * (pass `tools: await hub.tools(names)` to pick some yourself).
   */
  mcpTools?: McpToolLoading | false;
}
