import type { AgentEventOf } from '@agent-chat/core';
import type { ApprovalItem, StageItem } from './transcript-items.js';

/** The stage of a call that starts (`tool.start`): running. */
export function startedStage(event: AgentEventOf<'tool.start'>): StageItem {
  const { runId, toolCallId, name, args, stepId } = event;
  return {
    kind: 'stage',
    id: `${runId}:${toolCallId}`,
    runId,
    name,
    args,
    status: 'running',
    content: [],
    ...(stepId ? { stepId } : {}),
  };
}

/** The approval form of a call that needs the user's approval (`approval.request`). */
export function approvalItem(event: AgentEventOf<'approval.request'>): ApprovalItem {
  const { runId, requestId, name, args } = event;
  return { kind: 'approval', id: `${runId}:${requestId}`, runId, requestId, name, args, state: 'pending' };
}
