import type { AgentEvent } from '@agent-chat/core';
import type { CallEvent } from './call-stages.js';
import { markInterrupted, resetTurn } from './interrupted-answer.js';
import { applyReasoning, closeReasoning } from './reasoning-items.js';
import { approvalItem, type TranscriptItem } from './transcript-items.js';

export type * from './transcript-items.js';

let callStage:
  | ((items: readonly TranscriptItem[], event: CallEvent) => readonly TranscriptItem[])
  | undefined;
const noop = () => {};

/**
 * Folds one agent event into the transcript and returns the new transcript (the input is not mutated,
 * so a renderer can compare by identity). Events that change nothing visible return the same array.
 */
export function applyEvent(items: readonly TranscriptItem[], event: AgentEvent): readonly TranscriptItem[] {
  const { runId } = event;
  switch (event.type) {
    case 'run.start':
      // A run that continues after an approval or an answer is not a visitor message: no bubble for it.
      return event.resumes ? items : [...items, { kind: 'user', id: `${runId}:user`, text: event.message }];
    case 'reasoning.chunk':
    case 'reasoning.done':
      return applyReasoning(items, event);
    case 'response.chunk': {
      const last = items.at(-1);
      if (last?.kind === 'assistant' && last.runId === runId && last.turn === event.turn)
        return items.with(-1, { ...last, text: last.text + event.text });
      const id = `${runId}:${event.turn}:text`;
      return [...items, { kind: 'assistant', id, runId, turn: event.turn, text: event.text, stopped: false }];
    }
    case 'response.reset':
      return resetTurn(items, runId, event.turn);
    case 'error':
      return markInterrupted(items, runId, event.code);
    case 'response.done':
      return event.text.trim() === '' ? withEmptyAnswer(items, runId) : items;
    case 'tool.input':
      // Stages of calls not started yet (arguments streaming, approval pending; shown only with the tool's
      // view) are a lazy chunk, loaded with the first `tool.input`: until it is here, events go by as before.
      void import('./call-stages.js').then((m) => (callStage = m.callStage), noop);
      return callStage ? callStage(items, event) : items;
    case 'clarify.request':
      return [
        ...items,
        {
          kind: 'clarify',
          id: `${runId}:${event.requestId}`,
          runId,
          requestId: event.requestId,
          question: event.question,
          ...(event.schema ? { schema: event.schema } : {}),
          ...(event.source === 'mcp-auth' && event.serverId
            ? { signIn: { serverId: event.serverId, scopes: event.scopes ?? [] } }
            : {}),
          state: 'pending',
        },
      ];
    case 'approval.request':
      return callStage ? callStage(items, event) : [...items, approvalItem(event)];
    case 'run.finish':
      // A failed run's partial answer (a cut stream) is marked like a stopped one, never shown as finished.
      return closeReasoning(
        event.status === 'aborted' || event.status === 'failed' ? markStopped(items, runId) : items,
        runId,
      );
    default:
      return workEvent(items, event) ?? noticeEvent(items, event) ?? items;
  }
}

/**
 * The work of a run: a tool call's stage (started, progressing, showing content, done or failed), a
 * workflow (its plan, each step's start and end, its end).
 */
function workEvent(
  items: readonly TranscriptItem[],
  event: AgentEvent,
): readonly TranscriptItem[] | undefined {
  const { runId } = event;
  switch (event.type) {
    case 'tool.start':
      if (callStage) return callStage(items, event);
      return [
        ...items,
        {
          kind: 'stage',
          id: `${runId}:${event.toolCallId}`,
          runId,
          name: event.name,
          args: event.args,
          status: 'running',
          content: [],
          ...(event.stepId ? { stepId: event.stepId } : {}),
        },
      ];
    case 'tool.progress':
      return patchItem(items, 'stage', `${runId}:${event.toolCallId}`, () => ({
        progress: { progress: event.progress, total: event.total, message: event.message },
      }));
    case 'tool.content':
      return patchItem(items, 'stage', `${runId}:${event.toolCallId}`, (stage) => ({
        content: [...stage.content, event.content],
      }));
    case 'tool.complete':
      return patchItem(items, 'stage', `${runId}:${event.toolCallId}`, () => ({
        status: 'done',
        durationMs: event.durationMs,
        result: event.content,
      }));
    case 'tool.error':
      return patchItem(items, 'stage', `${runId}:${event.toolCallId}`, () => ({
        status: 'failed',
        error: event.error,
        durationMs: event.durationMs,
      }));
    case 'workflow.created':
      return [
        ...items,
        {
          kind: 'workflow',
          id: `${runId}:${event.workflowId}`,
          runId,
          goal: event.goal,
          steps: event.steps.map((step) => ({ ...step, status: 'pending' })),
          batches: event.batches,
          status: 'running',
        },
      ];
    case 'workflow.step.start':
      return patchItem(items, 'workflow', `${runId}:${event.workflowId}`, (flow) => ({
        steps: flow.steps.map((s) => (s.id === event.stepId ? { ...s, status: 'running' } : s)),
      }));
    case 'workflow.step.complete':
      return patchItem(items, 'workflow', `${runId}:${event.workflowId}`, (flow) => ({
        steps: flow.steps.map((s) =>
          s.id === event.stepId
            ? { ...s, status: event.status, durationMs: event.durationMs, error: event.error }
            : s,
        ),
      }));
    case 'workflow.complete':
      return patchItem(items, 'workflow', `${runId}:${event.workflowId}`, () => ({
        status: event.status,
        durationMs: event.durationMs,
      }));
  }
  return undefined;
}

/** Notices about the run: a local model loading, the model chosen, tools loaded on demand. */
function noticeEvent(
  items: readonly TranscriptItem[],
  event: AgentEvent,
): readonly TranscriptItem[] | undefined {
  const { runId } = event;
  switch (event.type) {
    case 'model.loading': {
      const id = `${runId}:model:${event.model}`;
      const { type: _t, runId: _r, seq: _s, ts: _ts, ...load } = event;
      const index = items.findIndex((item) => item.id === id);
      const item = { kind: 'model-load', id, runId, ...load } as const;
      return index === -1 ? [...items, item] : items.with(index, item);
    }
    case 'model.decided':
      return [
        ...items,
        {
          kind: 'model-notice',
          id: `${runId}:decided:${event.seq}`,
          runId,
          model: event.model,
          reason: event.reason,
        },
      ];
    case 'mcp.tools.loaded':
      return [
        ...items,
        {
          kind: 'tools-loaded',
          id: `${runId}:loaded:${event.seq}`,
          runId,
          turn: event.turn,
          names: event.names,
          via: event.via,
        },
      ];
  }
  return undefined;
}

/** The last item with `id`, patched, when it is of `kind`. */
function patchItem<K extends TranscriptItem['kind']>(
  items: readonly TranscriptItem[],
  kind: K,
  id: string,
  patch: (item: Extract<TranscriptItem, { kind: K }>) => Partial<Extract<TranscriptItem, { kind: K }>>,
): readonly TranscriptItem[] {
  const index = items.findLastIndex((item) => item.id === id);
  const item = items[index];
  if (item?.kind !== kind) return items;
  const found = item as Extract<TranscriptItem, { kind: K }>;
  return items.with(index, { ...found, ...patch(found) });
}

/** An answer the model left empty still gets its place in the log, where the view says it is empty. */
function withEmptyAnswer(items: readonly TranscriptItem[], runId: string): readonly TranscriptItem[] {
  const last = items.at(-1);
  if (last?.kind === 'assistant' && last.runId === runId) return items;
  const turn = items.findLast((item) => 'turn' in item && 'runId' in item && item.runId === runId);
  const at = turn && 'turn' in turn ? turn.turn : 0;
  return [
    ...items,
    { kind: 'assistant', id: `${runId}:${at}:text`, runId, turn: at, text: '', stopped: false },
  ];
}

/** A stopped run keeps its partial output, marked as such; stages still running can no longer finish. */
function markStopped(items: readonly TranscriptItem[], runId: string): readonly TranscriptItem[] {
  const last = items.at(-1);
  return items.map((item) => {
    if (item.kind === 'stage' && item.status === 'running' && item.runId === runId)
      return { ...item, status: 'failed', error: 'stopped' };
    // An answer already marked interrupted (a cut stream) keeps that one mark.
    if (item === last && item.kind === 'assistant' && item.runId === runId && !item.interrupted)
      return { ...item, stopped: true };
    return item;
  });
}
