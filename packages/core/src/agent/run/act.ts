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
  const { text, toolCalls, reasoning } = decision;
  if (toolCalls.length === 0) {
    state.finished.push({ role: 'assistant', content: text, ...(reasoning ? { reasoning } : {}) });
    run.emit({ type: 'response.done', text });
    return 'stop';
  }
  // Tool execution loads with the first tool call: pages whose model only answers never download it. Kept
  // once loaded, so later turns do not wait on the import.
  turnTools ??= await import('../turn-tools.js');
  return turnTools.actOnCalls(loop, run, input, decision, state);
}
