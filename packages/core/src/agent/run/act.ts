import { AbortedError } from '../../errors.js';
import type { PendingRequest } from '../run-checkpoint-store.js';
import type { RunContext } from '../run-settings.js';
import type { Decision, RunLoop, RunState, TurnInput } from './run-types.js';

let turnTools: typeof import('../turn-tools.js') | undefined;

/**
 * Step 6: acts on a decision. An answer ends the run (`response.done`). Tool calls run (a turn's calls in
 * parallel); a call that waits for the user (a clarification, an approval) pauses the run with a
 * checkpoint; otherwise their results join the conversation and the loop goes on.
 */
export async function act(
  loop: RunLoop,
  run: RunContext,
  input: TurnInput,
  decision: Decision,
  state: RunState,
): Promise<'continue' | 'stop'> {
  const { text, toolCalls } = decision;
  const reasoning = decision.reasoning ? { reasoning: decision.reasoning } : {};
  if (toolCalls.length === 0) {
    state.finished.push({ role: 'assistant', content: text, ...reasoning });
    run.emit({ type: 'response.done', text });
    return 'stop';
  }
  const assistant = { role: 'assistant' as const, content: text, toolCalls, ...reasoning };
  const callSettings = loop.mcpTools
    ? { ...input.settings, tools: await loop.mcpTools.prepareCalls(toolCalls, input.tools) }
    : input.settings;
  // Tool execution loads with the first tool call: pages whose model only answers never download it. Kept
  // once loaded, so later turns do not wait on the import.
  turnTools ??= await import('../turn-tools.js');
  const outcome = await turnTools.runTurnCalls(toolCalls, callSettings, run, state.turns);
  if (run.signal.aborted) throw new AbortedError(run.signal.reason);
  if (outcome.pending.length > 0) {
    state.pending = {
      conversationId: run.conversationId,
      runId: run.runId,
      createdAt: Date.now(),
      messages: state.finished.slice(),
      assistant,
      results: outcome.results,
      requests: outcome.pending,
    };
    state.status = 'waiting';
    state.message = waitingMessage(outcome.pending);
    return 'stop';
  }
  state.finished.push(assistant, ...outcome.results);
  return 'continue';
}

function waitingMessage(requests: PendingRequest[]): string {
  const approvals = requests.filter((r) => r.kind === 'approval').map((r) => r.name);
  const question = requests.find((r) => r.kind === 'clarify')?.question;
  return [
    question ? `Waiting for the user's answer: ${question}` : '',
    approvals.length ? `Waiting for approval of ${approvals.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
