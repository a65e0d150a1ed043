import type { AgentEvent, PendingRequest } from '@agent-chat/core';
import { checkpointMarks } from '../../conversations/checkpoint-marks.js';
import { databaseName } from '../../conversations/default-store.js';
import type { SendDeps } from '../send-deps.js';

// Part of the lazy resume chunk: the questions a paused run of the restored conversation still waits on (an
// approval, a clarification) are asked again after a reload, as when the run asked them. The element's
// paused runs are kept in IndexedDB (conversations/default-checkpoints.ts); the answer continues the run.

/** Shows the requests the restored conversation's paused run waits on, if it has one. */
export async function showPaused(d: SendDeps): Promise<void> {
  const conversationId = d.run.conversationId;
  if (!conversationId || d.run.status !== 'idle') return;
  if (!checkpointMarks(databaseName(d.host)).has(conversationId)) return;
  const agent = await d.source.resolve(d.conversations.store, await d.extraTools());
  const requests = await agent.pending(conversationId);
  if (requests.length && d.run.status === 'idle') await d.run.feed(asked(requests));
}

async function* asked(requests: readonly PendingRequest[]): AsyncGenerator<AgentEvent, void, undefined> {
  const base = { runId: `restored:${requests[0]!.conversationId}`, ts: Date.now() };
  for (const [seq, request] of requests.entries())
    yield request.kind === 'approval'
      ? {
          ...base,
          seq,
          type: 'approval.request',
          requestId: request.requestId,
          toolCallId: request.toolCallId,
          name: request.name,
          args: request.args,
        }
      : {
          ...base,
          seq,
          type: 'clarify.request',
          requestId: request.requestId,
          question: request.question ?? '',
          source: 'ask_user',
        };
}
