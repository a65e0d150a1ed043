import type { AgentEventOf, ContentItem, WorkflowStepStatus } from '@agent-chat/core';

/**
 * Status of a tool-call stage. `input`: the model is still writing its arguments (`tool.input`); `approval`: it
 * waits on the user's approval. Stages in these two show only with the tool's own view (`tool-views`).
 */
export type StageStatus = 'input' | 'approval' | 'running' | 'done' | 'failed';

/** A tool call as shown: "Using X" while it runs, then "Used X" or failed, with progress and output. */
export interface StageItem {
  kind: 'stage';
  /** `runId:toolCallId`: providers and fakes reuse call ids across runs, so the run makes them unique. */
  id: string;
  runId: string;
  name: string;
  args: unknown;
  status: StageStatus;
  error?: string;
  durationMs?: number;
  /** Last `tool.progress`: `progress` of `total` (a fraction when `total` is absent and progress ≤ 1). */
  progress?: { progress: number; total?: number; message?: string };
  /** The text the model received (`tool.complete` `content`). */
  result?: string;
  /** Rich output from `tool.content`, in order. */
  content: ContentItem[];
  /** The workflow step this call belongs to. */
  stepId?: string;
  /** The arguments as written so far, for a call that has not started (`tool.input`): partial JSON. */
  argsText?: string;
  /** The approval request (`requestId`) of a call that needed the user's approval. */
  approval?: string;
  /** Shown from the store after a reload: stays collapsed. */
  restored?: boolean;
}

/** One step of a workflow plan. */
export interface WorkflowStepView {
  id: string;
  name: string;
  tool: string;
  dependsOn: string[];
  status: 'pending' | 'running' | WorkflowStepStatus;
  durationMs?: number;
  error?: string;
}

/** A workflow plan: its steps (a DAG) grouped in batches whose steps run in parallel. */
export interface WorkflowItem {
  kind: 'workflow';
  id: string;
  runId: string;
  goal: string;
  steps: WorkflowStepView[];
  batches: string[][];
  status: 'running' | 'done' | 'partial' | 'failed';
  durationMs?: number;
}

/** A question from the agent (`ask_user`) or an MCP server (elicitation). */
export interface ClarifyItem {
  kind: 'clarify';
  id: string;
  runId: string;
  requestId: string;
  question: string;
  schema?: Record<string, unknown>;
  /** An MCP server needs the user's sign-in: shown as "Connect <server>" (and the scopes asked for). */
  signIn?: { serverId: string; scopes: string[] };
  state: 'pending' | 'answered';
}

/** A tool call waiting for the user's approval. */
export interface ApprovalItem {
  kind: 'approval';
  id: string;
  runId: string;
  requestId: string;
  name: string;
  args: unknown;
  state: 'pending' | 'approved' | 'denied';
}

/** The approval form an `approval.request` adds, pending (the transcript's and the call stages' alike). */
export function approvalItem(event: AgentEventOf<'approval.request'>): ApprovalItem {
  const { runId, requestId, name, args } = event;
  return { kind: 'approval', id: `${runId}:${requestId}`, runId, requestId, name, args, state: 'pending' };
}

/** A local model being downloaded and compiled: the latest `model.loading` event's fields. */
export interface ModelLoadItem extends Omit<AgentEventOf<'model.loading'>, 'type' | 'seq' | 'ts'> {
  kind: 'model-load';
  id: string;
}

/** Which model answers and why, e.g. that the remote model is used because the local one cannot run. */
export interface ModelNoticeItem {
  kind: 'model-notice';
  id: string;
  runId: string;
  model: string;
  reason: string;
}

/** MCP tools whose definitions the model loaded (lazy loading): which, when, and why. */
export interface ToolsLoadedItem {
  kind: 'tools-loaded';
  id: string;
  runId: string;
  turn: number;
  names: string[];
  /** `load_tools`: the model asked for them; `call`: it called one before loading it. */
  via: 'load_tools' | 'call';
}

/** What the model thought before an answer or tool call: streams open, collapses when done, keeps its duration. */
export interface ReasoningItem {
  kind: 'reasoning';
  /** `runId:turn:reasoning`. */
  id: string;
  runId: string;
  turn: number;
  text: string;
  /** The reasoning ended (the answer or a tool call started). */
  done: boolean;
  /** How long the model thought, summed over its segments. */
  durationMs?: number;
}

/** One thing shown in the message log, in the order it happened. */
export type TranscriptItem =
  | { kind: 'user'; id: string; text: string }
  | {
      kind: 'assistant';
      id: string;
      runId: string;
      turn: number;
      text: string;
      stopped: boolean;
      /** The stream was cut (again after its retry): the text is partial and shown as such. */
      interrupted?: boolean;
    }
  | StageItem
  | WorkflowItem
  | ClarifyItem
  | ApprovalItem
  | ModelLoadItem
  | ModelNoticeItem
  | ToolsLoadedItem
  | ReasoningItem;
