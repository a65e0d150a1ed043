import type { Message } from '../model/messages.js';
import type { PendingRequest, RunCheckpoint } from './run-checkpoint-store.js';
import type { RunContext, RunSettings } from './run-settings.js';
import { parseArgs } from './tool-context.js';

/**
 * Finishes the paused turn of a checkpoint whose approvals are all answered: approved calls run now
 * (with their usual events), denied ones tell the model the user said no. Returns the turn's messages
 * in the order of the calls.
 */
export async function resumeMessages(
  checkpoint: RunCheckpoint,
  settings: RunSettings,
  run: RunContext,
): Promise<Message[]> {
  await settings.checkpoints.delete(checkpoint.conversationId);
  const results = await Promise.all(
    checkpoint.requests.map(async (request): Promise<Message> => {
      const call = checkpoint.assistant.toolCalls.find((c) => c.id === request.toolCallId)!;
      if (request.kind === 'approval' && request.approved) {
        const args = parseArgs(call.arguments);
        run.emit({ type: 'tool.start', turn: 0, toolCallId: call.id, name: call.name, args });
        return (await import('./turn-tools.js')).runToolCall(call, settings, run, args);
      }
      run.log('tool.result', {
        toolCallId: call.id,
        name: call.name,
        ok: false,
        content: 'denied by the user',
      });
      return answer(request, 'Error: the user denied this call; do not try it again unless they ask.');
    }),
  );
  return [checkpoint.assistant, ...inCallOrder(checkpoint, [...checkpoint.results, ...results])];
}

/**
 * Closes a paused turn when the user sends a new message instead of answering: a clarification is
 * answered by that message; an approval counts as not given.
 */
export function settleOnNewMessage(checkpoint: RunCheckpoint): Message[] {
  const settled = checkpoint.requests.map((request) =>
    answer(
      request,
      request.kind === 'clarify'
        ? "The user's answer is their next message."
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
