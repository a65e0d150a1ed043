// The stages of tool calls that have not started yet — arguments streaming (`tool.input`), approval pending
// (`approval.request`) — a lazy chunk loaded with a page's first `tool.input` (transcript.ts).
import type { AgentEventOf } from '@agent-chat/core';
import { approvalItem, type StageItem, type TranscriptItem } from './transcript-items.js';

/** The events that make a tool call's stage. */
export type CallEvent =
  | AgentEventOf<'tool.input'>
  | AgentEventOf<'approval.request'>
  | AgentEventOf<'tool.start'>;

/**
 * A tool call's stage from `tool.input` (its arguments streaming), `approval.request` (waiting on the user, after
 * the approval form) or `tool.start`. A stage the call has already — its input streaming, or its approval once
 * given (in the run the approval resumes) — takes the new state in its place: the tool's view stays one element.
 */
export function callStage(items: readonly TranscriptItem[], event: CallEvent): readonly TranscriptItem[] {
  const { runId, toolCallId, type } = event;
  const id = `${runId}:${toolCallId}`;
  const at = items.findLastIndex(
    (item) =>
      item.kind === 'stage' &&
      (item.status === 'input'
        ? item.id === id
        : item.status === 'approval' &&
          type === 'tool.start' &&
          item.id.endsWith(`:${toolCallId}`) &&
          items.some(
            (a) => a.kind === 'approval' && a.requestId === item.approval && a.state === 'approved',
          )),
  );
  const approval =
    type === 'approval.request' ? event.requestId : (items[at] as StageItem | undefined)?.approval;
  const stage: StageItem = {
    kind: 'stage',
    id,
    runId,
    name: event.name,
    args: type === 'tool.input' ? undefined : event.args,
    status: type === 'tool.input' ? 'input' : type === 'tool.start' ? 'running' : 'approval',
    content: [],
    ...(type === 'tool.input' ? { argsText: event.argsText } : {}),
    ...(type === 'tool.start' && event.stepId ? { stepId: event.stepId } : {}),
    ...(approval ? { approval } : {}),
  };
  if (type !== 'approval.request') return at < 0 ? [...items, stage] : items.with(at, stage);
  return [...(at < 0 ? items : items.toSpliced(at, 1)), approvalItem(event), stage];
}
