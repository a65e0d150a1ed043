import type { Message, ToolCall } from '../model/messages.js';
import { ASK_USER } from './builtin-names.js';
import type { RunState } from './run/run-types.js';
import type { PendingRequest, RunCheckpoint } from './run-checkpoint-store.js';
import type { RunContext, RunSettings } from './run-settings.js';

// A turn with calls that wait on the user (a clarification, an approval): the requests it asks, and the run
// paused with its checkpoint. Loaded by turn-tools.ts with the first such call: most tool turns have none.

/** The request `call` asks of the user (see `waitsForUser` in turn-tools.ts). */
export function pendingRequest(
  call: ToolCall,
  args: unknown,
  settings: RunSettings,
  run: RunContext,
): PendingRequest {
  const base = {
    requestId: `req_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`,
    conversationId: run.conversationId,
    toolCallId: call.id,
    name: call.name,
    args,
  };
  if (call.name !== ASK_USER || settings.tools.has(ASK_USER)) return { ...base, kind: 'approval' };
  const asked = args as { question?: unknown };
  const question =
    typeof asked?.question === 'string' && asked.question.trim() ? asked.question : 'Could you tell me more?';
  return { ...base, kind: 'clarify', question };
}

/** Pauses the run on `requests`: the checkpoint keeps the turn (its assistant message, the results so far). */
export function pauseRun(
  run: RunContext,
  state: RunState,
  assistant: RunCheckpoint['assistant'],
  results: Message[],
  requests: PendingRequest[],
): void {
  state.pending = {
    conversationId: run.conversationId,
    runId: run.runId,
    createdAt: Date.now(),
    messages: state.finished.slice(),
    assistant,
    results,
    requests,
  };
  state.status = 'waiting';
  const approvals = requests.filter((r) => r.kind === 'approval').map((r) => r.name);
  const question = requests.find((r) => r.kind === 'clarify')?.question;
  state.message = [
    question ? `Waiting for the user's answer: ${question}` : '',
    approvals.length ? `Waiting for approval of ${approvals.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
