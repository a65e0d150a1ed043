import type { AgentEvent } from '@agent-chat/core';

/** Status of a tool-call stage. */
export type StageStatus = 'running' | 'done' | 'failed';

/** One thing shown in the message log, in the order it happened. */
export type TranscriptItem =
  | { kind: 'user'; id: string; text: string }
  | { kind: 'assistant'; id: string; runId: string; turn: number; text: string; stopped: boolean }
  | {
      kind: 'stage';
      /** `runId:toolCallId`: providers and fakes reuse call ids across runs, so the run makes them unique. */
      id: string;
      name: string;
      args: unknown;
      status: StageStatus;
      error?: string;
      durationMs?: number;
    };

/**
 * Folds one agent event into the transcript and returns the new transcript (the input is not mutated,
 * so a renderer can compare by identity). Events that change nothing visible return the same array.
 */
export function applyEvent(items: readonly TranscriptItem[], event: AgentEvent): readonly TranscriptItem[] {
  switch (event.type) {
    case 'run.start':
      return [...items, { kind: 'user', id: `${event.runId}:user`, text: event.message }];
    case 'response.chunk': {
      const last = items.at(-1);
      if (last?.kind === 'assistant' && last.runId === event.runId && last.turn === event.turn)
        return [...items.slice(0, -1), { ...last, text: last.text + event.text }];
      const id = `${event.runId}:${event.turn}:text`;
      return [
        ...items,
        { kind: 'assistant', id, runId: event.runId, turn: event.turn, text: event.text, stopped: false },
      ];
    }
    case 'tool.start':
      return [
        ...items,
        {
          kind: 'stage',
          id: stageId(event.runId, event.toolCallId),
          name: event.name,
          args: event.args,
          status: 'running',
        },
      ];
    case 'tool.complete':
      return updateStage(items, stageId(event.runId, event.toolCallId), {
        status: 'done',
        durationMs: event.durationMs,
      });
    case 'tool.error':
      return updateStage(items, stageId(event.runId, event.toolCallId), {
        status: 'failed',
        error: event.error,
        durationMs: event.durationMs,
      });
    case 'run.finish':
      return event.status === 'aborted' ? markStopped(items, event.runId) : items;
    default:
      return items;
  }
}

function stageId(runId: string, toolCallId: string): string {
  return `${runId}:${toolCallId}`;
}

function updateStage(
  items: readonly TranscriptItem[],
  id: string,
  patch: { status: StageStatus; error?: string; durationMs: number },
): readonly TranscriptItem[] {
  const index = items.findIndex((item) => item.kind === 'stage' && item.id === id);
  const stage = items[index];
  if (stage?.kind !== 'stage') return items;
  return items.with(index, { ...stage, ...patch });
}

/** A stopped run keeps its partial output, marked as such; stages still running can no longer finish. */
function markStopped(items: readonly TranscriptItem[], runId: string): readonly TranscriptItem[] {
  const last = items.at(-1);
  return items.map((item) => {
    if (item.kind === 'stage' && item.status === 'running' && item.id.startsWith(`${runId}:`))
      return { ...item, status: 'failed', error: 'stopped' };
    if (item === last && item.kind === 'assistant' && item.runId === runId) return { ...item, stopped: true };
    return item;
  });
}
