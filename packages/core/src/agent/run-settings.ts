import type { EfficiencyLog } from '../context/efficiency-log.js';
import type { AgentEventBody, DecisionMode } from '../events.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import type { DualTrackOptions } from '../memory/dual-track-memory.js';
import type { RunMemory } from '../memory/run-memory.js';
import type { ChatModel } from '../model/chat-model.js';
import type { ImageInput } from '../model/messages.js';
import type { RetryOptions } from '../model/retry.js';
import type { RunTelemetry } from '../telemetry/otel-telemetry.js';
import type { RunLog, RunLogKind } from '../telemetry/run-log.js';
import type { Tool } from '../tools/tool.js';
import type { McpToolLoading } from './mcp-tool-source.js';
import type { RunCheckpointStore } from './run-checkpoint-store.js';

/** Everything a run needs from its agent, fixed when the agent is created. */
export interface RunSettings {
  model: ChatModel;
  tools: ReadonlyMap<string, Tool>;
  store: ConversationStore;
  checkpoints: RunCheckpointStore;
  runLog: RunLog | undefined;
  /** OpenTelemetry spans from the same records as the run log (`createAgent({ telemetry })`). */
  telemetry: RunTelemetry | undefined;
  maxTurns: number;
  maxIterations: number;
  maxParallelSteps: number;
  systemPrompt: string | undefined;
  mode: DecisionMode;
  workflows: boolean;
  clarify: boolean;
  reflect: boolean;
  retry: RetryOptions | false;
  /** Dual-track memory and context budgeting (memory/run-memory.ts); off when undefined. */
  memory: DualTrackOptions | undefined;
  efficiency: EfficiencyLog;
  /** Tokens one run may use over all its model calls; unlimited when undefined. */
  tokenBudget: number | undefined;
  mcp: unknown;
  /** How the tools of `mcp` (when it is an {@link McpToolSource}) are offered; off when false. */
  mcpTools: McpToolLoading | false;
}

/** One run in progress: ids, the signal, and where its events and log records go. */
export interface RunContext {
  runId: string;
  conversationId: string;
  message: string;
  /** Images sent with the message (vision models). */
  images?: ImageInput[] | undefined;
  signal: AbortSignal;
  /** The model with the agent's retry policy applied. */
  model: ChatModel;
  emit: (body: AgentEventBody) => void;
  log: (kind: RunLogKind, fields?: Record<string, unknown>) => void;
  /** Whether `log` goes anywhere: callers skip building the records of every turn when it does not. */
  logging: boolean;
  /** This run's dual-track memory, when the agent has memory on (set once the history is loaded). */
  memory?: RunMemory;
}
