import type { AgentEventOf } from '@agent-chat/core';
import type { ReasoningItem, TranscriptItem } from './transcript-items.js';

/**
 * Folds `reasoning.chunk` / `reasoning.done` into one reasoning item per model turn: chunks grow its text,
 * `done` closes it and adds the segment's duration (a turn may think in several segments).
 */
export function applyReasoning(
  items: readonly TranscriptItem[],
  event: AgentEventOf<'reasoning.chunk'> | AgentEventOf<'reasoning.done'>,
): readonly TranscriptItem[] {
  const id = `${event.runId}:${event.turn}:reasoning`;
  const index = items.findLastIndex((item) => item.id === id);
  const item = items[index] as ReasoningItem | undefined;
  if (event.type === 'reasoning.chunk') {
    if (!item)
      return [
        ...items,
        { kind: 'reasoning', id, runId: event.runId, turn: event.turn, text: event.text, done: false },
      ];
    return items.with(index, { ...item, text: item.text + event.text, done: false });
  }
  if (!item) return items;
  return items.with(index, { ...item, done: true, durationMs: (item.durationMs ?? 0) + event.durationMs });
}

/** A run that ended while its model was thinking (stopped, failed) leaves no disclosure saying "Thinking…". */
export function closeReasoning(items: readonly TranscriptItem[], runId: string): readonly TranscriptItem[] {
  if (!items.some((item) => item.kind === 'reasoning' && item.runId === runId && !item.done)) return items;
  return items.map((item) =>
    item.kind === 'reasoning' && item.runId === runId && !item.done ? { ...item, done: true } : item,
  );
}

/** A stored answer's reasoning, shown collapsed after a reload. */
export function storedReasoning(
  id: string,
  runId: string,
  reasoning: { text: string; durationMs?: number } | undefined,
): ReasoningItem[] {
  if (!reasoning?.text) return [];
  return [
    {
      kind: 'reasoning',
      id,
      runId,
      turn: 0,
      text: reasoning.text,
      done: true,
      ...(reasoning.durationMs !== undefined ? { durationMs: reasoning.durationMs } : {}),
    },
  ];
}
