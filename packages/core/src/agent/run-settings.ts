import type { AgentEventBody, DecisionMode } from '../events.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import type { ChatModel } from '../model/chat-model.js';
import type { RetryOptions } from '../model/retry.js';
import type { RunLog, RunLogKind } from '../telemetry/run-log.js';
import type { Tool } from '../tools/tool.js';
import type { RunCheckpointStore } from './run-checkpoint-store.js';

/** Everything a run needs from its agent, fixed when the agent is created. */
export interface RunSettings {
  model: ChatModel;
  tools: ReadonlyMap<string, Tool>;
  store: ConversationStore;
  checkpoints: RunCheckpointStore;
  runLog: RunLog | undefined;
  maxTurns: number;
  maxIterations: number;
  maxParallelSteps: number;
  systemPrompt: string | undefined;
  mode: DecisionMode;
  workflows: boolean;
  clarify: boolean;
  reflect: boolean;
  retry: RetryOptions | false;
  memory: unknown;
  mcp: unknown;
}

/** One run in progress: ids, the signal, and where its events and log records go. */
export interface RunContext {
  runId: string;
  conversationId: string;
  message: string;
  signal: AbortSignal;
  /** The model with the agent's retry policy applied. */
  model: ChatModel;
  emit: (body: AgentEventBody) => void;
  log: (kind: RunLogKind, fields?: Record<string, unknown>) => void;
}
