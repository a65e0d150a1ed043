import type { Usage } from './model/chat-model.js';
import type { ContentItem } from './model/content.js';
import type { CreditsLeft } from './model/credits.js';

/**
 * How a run ended. `waiting` = paused on a clarification or approval (answer with `agent.respond`).
 * `not-resumable` = a remote agent's `resume` found no answer in flight to pick up (the backend has none for
 * the conversation, or its protocol cannot resume): nothing ran and nothing was stored; ask again instead.
 */
export type RunStatus =
  | 'completed'
  | 'max-turns'
  | 'aborted'
  | 'failed'
  | 'blocked'
  | 'waiting'
  | 'not-resumable';

/** The supervisor's four actions. */
export type SupervisorAction = 'answer' | 'call_tool' | 'workflow' | 'clarify';

/** How the supervisor talks to the model: native tool calling, or JSON decisions for models without it. */
export type DecisionMode = 'native-tools' | 'json';

/** Status of one workflow step when it ends. `fallback` = failed, then its fallback tool succeeded. */
export type WorkflowStepStatus = 'done' | 'failed' | 'skipped' | 'fallback';

/** Fields every event carries: the run it belongs to, a per-run monotonic sequence number and a timestamp (ms). */
export interface AgentEventBase {
  runId: string;
  seq: number;
  ts: number;
}

/** Context efficiency of one model call, carried by `usage` events. */
export interface UsageContext {
  rawTokens: number;
  sentTokens: number;
  ratio: number;
  method: string;
  drift: boolean;
  costUsd?: number;
}

/**
 * The body of each event kind, keyed by `type`. `toolCallId` is unique within
 * a run; UIs that keep several runs should key stages by `runId` + `toolCallId`.
 */
export type AgentEventBody =
  | {
      type: 'run.start';
      conversationId: string;
      message: string;
      /** Set when the run continues a paused one after `agent.respond` (then `message` is empty). */
      resumes?: string;
    }
  | { type: 'run.finish'; status: RunStatus; turns: number; message?: string }
  // Supervisor
  | { type: 'supervisor.thinking'; iteration: number; mode: DecisionMode }
  | {
      type: 'supervisor.decided';
      iteration: number;
      action: SupervisorAction;
      reason: string;
      mode: DecisionMode;
    }
  | {
      type: 'supervisor.reflected';
      iteration: number;
      verdict: 'satisfied' | 'need_more' | 'blocked';
      reason: string;
    }
  // Answer
  /** A piece of the model's reasoning (thinking) before its answer or tool calls; never part of the answer. */
  | { type: 'reasoning.chunk'; turn: number; text: string }
  /** One reasoning segment ended: its whole text and how long the model thought. */
  | { type: 'reasoning.done'; turn: number; text: string; durationMs: number }
  | { type: 'response.chunk'; turn: number; text: string }
  /**
   * The model call of `turn` was interrupted (`code`, e.g. `stream_interrupted`) and is being made again:
   * drop the text and reasoning it streamed so far; the retry's chunks replace them.
   */
  | { type: 'response.reset'; turn: number; code: string; message: string }
  | { type: 'response.done'; text: string }
  // Tools
  /**
   * A tool call whose arguments the model is still writing: `argsText` is the raw JSON text so far (partial,
   * growing with each event; parse it with a partial-JSON parser). `tool.start` or `approval.request` follows.
   */
  | { type: 'tool.input'; turn: number; toolCallId: string; name: string; argsText: string }
  | { type: 'tool.start'; turn: number; toolCallId: string; name: string; args: unknown; stepId?: string }
  | { type: 'tool.progress'; toolCallId: string; progress: number; total?: number; message?: string }
  | { type: 'tool.content'; toolCallId: string; content: ContentItem }
  | {
      type: 'tool.complete';
      toolCallId: string;
      name: string;
      result: unknown;
      content: string;
      durationMs: number;
    }
  | { type: 'tool.error'; toolCallId: string; name: string; error: string; durationMs: number }
  // Workflows
  | {
      type: 'workflow.created';
      workflowId: string;
      goal: string;
      steps: Array<{ id: string; name: string; tool: string; dependsOn: string[] }>;
      /** Step ids grouped in the order they run; the steps of one batch run in parallel. */
      batches: string[][];
    }
  | {
      type: 'workflow.step.start';
      workflowId: string;
      stepId: string;
      name: string;
      tool: string;
      batch: number;
    }
  | {
      type: 'workflow.step.complete';
      workflowId: string;
      stepId: string;
      name: string;
      status: WorkflowStepStatus;
      durationMs: number;
      error?: string;
    }
  | {
      type: 'workflow.complete';
      workflowId: string;
      status: 'done' | 'partial' | 'failed';
      durationMs: number;
    }
  // Human in the loop
  | {
      type: 'clarify.request';
      requestId: string;
      question: string;
      /** JSON Schema of a form to fill (MCP elicitation); free text when absent. */
      schema?: Record<string, unknown>;
      /** `mcp-auth`: an MCP server needs the user's sign-in; answer `accept` inside a click (it opens a popup). */
      source: 'ask_user' | 'mcp-elicitation' | 'mcp-auth';
      serverId?: string;
      /** The scopes a sign-in (`mcp-auth`) asks for. */
      scopes?: string[];
    }
  | { type: 'approval.request'; requestId: string; toolCallId: string; name: string; args: unknown }
  // Models
  | {
      type: 'model.loading';
      model: string;
      phase: 'download' | 'compile' | 'ready';
      fraction: number;
      loadedBytes?: number;
      totalBytes?: number;
      text?: string;
    }
  | { type: 'model.decided'; model: string; reason: string; candidates?: string[] }
  | {
      type: 'usage';
      turn: number;
      model: string;
      usage: Usage;
      costUsd?: number;
      /** Context efficiency of this call (dual-track memory on): raw vs sent tokens, ratio, method, drift. */
      context?: UsageContext;
      /** Credits left after this call, when the endpoint (the agent-chat proxy) reports them. */
      credits?: CreditsLeft;
    }
  // MCP lazy loading
  | {
      type: 'mcp.tools.loaded';
      turn: number;
      /** Tools whose full definitions the model now has, for the rest of the conversation. */
      names: string[];
      /** `load_tools`: the model asked for them; `call`: it called one by name before loading it. */
      via: 'load_tools' | 'call';
      /** The call that caused the load. */
      toolCallId: string;
    }
  // Remote agents (`@agent-chat/core/remote`): what the backend sent beside text and tools, kept as it came
  /** An AI SDK `data-*` part (`name` without the `data-` prefix); a part with the same `id` replaces the last. */
  | { type: 'remote.data'; name: string; id?: string; data: unknown }
  /** AG-UI shared state after a `STATE_SNAPSHOT` or `STATE_DELTA` (JSON Patch, given as `delta`). */
  | { type: 'remote.state'; state: unknown; delta?: unknown[] }
  // Context
  | { type: 'context.compacted'; beforeTokens: number; afterTokens: number; method: string }
  | {
      type: 'error';
      code: string;
      message: string;
      retryable: boolean;
      /** `rate_limited`: seconds until a request may be sent again, when known. */
      retryAfterSeconds?: number;
      /** `credits_exhausted`: when the credits come back (ISO time), when known. */
      resetAt?: string;
    };

/**
 * What `agent.run()` yields: a discriminated union on `type`. Tool events carry `toolCallId` so a UI can
 * build one stage per call.
 */
export type AgentEvent = AgentEventBase & AgentEventBody;

/** The event of a given type. */
export type AgentEventOf<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;

/** Serializes an event as one SSE message (`data: {...}\n\n`), for servers that run the core. */
export function toSSE(event: AgentEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}
