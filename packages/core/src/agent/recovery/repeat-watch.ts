import type { ToolCall } from '../../model/messages.js';
import type { ToolCallOutcome } from '../../tools/execute-tool-call.js';
import type { RunContext } from '../run-settings.js';

// The repeated-calls check (repeated-calls.ts) as the tool-call chunk uses it: loaded with a run's second tool turn,
// since no call can repeat before that. A run's first tool turn only records its calls, which are handed to the
// check when it loads, so its streaks are the same as if it had watched from the start.

type Repeats = typeof import('./repeated-calls.js');
let repeats: Repeats | undefined;

interface FirstTurn {
  turn: number;
  calls: Array<{ call: ToolCall; content?: string }>;
}

/** A run's first tool turn, until the check has its calls. */
const firstTurns = new WeakMap<RunContext, FirstTurn>();

/** The answer to a call the model keeps repeating (see `repeatedCallAnswer`), or undefined: run it. */
export async function repeatedCall(
  run: RunContext,
  turn: number,
  call: ToolCall,
): Promise<ToolCallOutcome | undefined> {
  if (!repeats) {
    const first = firstTurns.get(run);
    if (first === undefined || first.turn === turn) {
      if (first) first.calls.push({ call });
      else firstTurns.set(run, { turn, calls: [{ call }] });
      return undefined;
    }
    repeats = await import('./repeated-calls.js');
  }
  const first = firstTurns.get(run);
  if (first) {
    firstTurns.delete(run);
    for (const past of first.calls) {
      repeats.repeatedCallAnswer(run, first.turn, past.call);
      if (past.content !== undefined) repeats.rememberCallResult(run, past.call, past.content);
    }
  }
  return repeats.repeatedCallAnswer(run, turn, call);
}

/** Keeps the latest result of a call, quoted when the model repeats it. */
export function rememberResult(run: RunContext, call: ToolCall, content: string): void {
  const recorded = firstTurns.get(run)?.calls.find((entry) => entry.call === call);
  if (recorded) recorded.content = content;
  else repeats?.rememberCallResult(run, call, content);
}
