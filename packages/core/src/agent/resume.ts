import type { Message, ToolCall } from '../model/messages.js';
import type { PendingRequest, RunCheckpoint } from './run-checkpoint-store.js';
import type { RunContext, RunSettings } from './run-settings.js';
import { parseArgs } from './tool-context.js';

/**
 * Finishes the paused turn of a checkpoint whose approvals are all answered: approved calls run now
 * (with their usual events), denied ones tell the model the user said no. Returns the turn's messages
 * in the order of the calls.
 *
 * The checkpoint stays, answered, until the continued run is stored (respond.ts drops it then), and each
 * call's result is added to it as it comes: a page closed on the way leaves it for `agent.respond` with the
 * same answer to pick up, and a call that had run is not run again (its kept result is shown and given).
 */
export async function resumeMessages(
  checkpoint: RunCheckpoint,
  settings: RunSettings,
  run: RunContext,
): Promise<Message[]> {
  await settings.checkpoints.save(checkpoint);
  const kept = resultsByCall(checkpoint);
  await Promise.all(
    checkpoint.requests.map(async (request) => {
      const call = checkpoint.assistant.toolCalls.find((c) => c.id === request.toolCallId)!;
      const ran = kept.get(call.id);
      if (ran) {
        if (request.approved) showKept(run, call.id, call.name, parseArgs(call.arguments), ran);
        return;
      }
      checkpoint.results.push(await answered(request, call, settings, run));
      await settings.checkpoints.save(checkpoint);
    }),
  );
  return [checkpoint.assistant, ...inCallOrder(checkpoint, checkpoint.results)];
}

async function answered(
  request: PendingRequest,
  call: ToolCall,
  settings: RunSettings,
  run: RunContext,
): Promise<Message> {
  if (request.kind === 'approval' && request.approved) {
    const args = parseArgs(call.arguments);
    run.emit({ type: 'tool.start', turn: 0, toolCallId: call.id, name: call.name, args });
    return (await import('./turn-tools.js')).runToolCall(call, settings, run, args);
  }
  run.log('tool.result', { toolCallId: call.id, name: call.name, ok: false, content: 'denied by the user' });
  return answer(request, DENIED);
}

/** An approved call that ran before the page closed: shown again as it ended, not run again. */
function showKept(run: RunContext, toolCallId: string, name: string, args: unknown, ran: Message): void {
  run.emit({ type: 'tool.start', turn: 0, toolCallId, name, args });
  const content = ran.content;
  if (content.startsWith('Error:'))
    run.emit({ type: 'tool.error', toolCallId, name, error: content.slice(7).trim(), durationMs: 0 });
  else run.emit({ type: 'tool.complete', toolCallId, name, result: content, content, durationMs: 0 });
}

/** The results the checkpoint keeps, by the id of their tool call. */
function resultsByCall(checkpoint: RunCheckpoint): Map<string, Message> {
  return new Map(checkpoint.results.map((m) => [m.role === 'tool' ? m.toolCallId : '', m]));
}

const DENIED = 'Error: the user denied this call; do not try it again unless they ask.';

/**
 * Closes a paused turn when the user sends a new message instead of answering: a clarification is
 * answered by that message; an approval counts as not given.
 */
export function settleOnNewMessage(checkpoint: RunCheckpoint): Message[] {
  const done = resultsByCall(checkpoint);
  const settled = checkpoint.requests
    .filter((request) => !done.has(request.toolCallId))
    .map((request) =>
      answer(
        request,
        request.kind === 'clarify'
          ? "The user's answer is their next message."
          : request.approved === false
            ? DENIED
            : request.approved
              ? // Approved and continued, but the page closed before the call's result was kept.
                'Error: approved, but the page closed before its result was kept; it may have run. Ask the user before trying it again.'
              : 'Error: not run; the user sent a new message instead of approving this call.',
      ),
    );
  return [checkpoint.assistant, ...inCallOrder(checkpoint, [...checkpoint.results, ...settled])];
}

function answer(request: PendingRequest, content: string): Message {
  return { role: 'tool', toolCallId: request.toolCallId, toolName: request.name, content };
}

function inCallOrder(checkpoint: RunCheckpoint, results: Message[]): Message[] {
  const order = new Map(checkpoint.assistant.toolCalls.map((c, i) => [c.id, i]));
  const rank = (m: Message) => (m.role === 'tool' ? (order.get(m.toolCallId) ?? 0) : 0);
  return results.slice().sort((a, b) => rank(a) - rank(b));
}
