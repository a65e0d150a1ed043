import type * as Reflection from '../reflection.js';
import type { RunContext } from '../run-settings.js';
import type { RunLoop, RunState } from './run-types.js';

/**
 * Step 7: with `reflect` on, rates the tool results after a tool turn (satisfied / need_more / blocked).
 * Gives the note that makes the next call answer: after a verdict other than need_more, or when the
 * iterations are used up; a blocked verdict also marks the run blocked.
 */
export async function reflectOnTurn(
  reflection: typeof Reflection,
  loop: RunLoop,
  run: RunContext,
  state: RunState,
  iteration: number,
): Promise<string | undefined> {
  const verdict = await reflection.reflect(run, [...loop.history, ...state.finished], state.turns);
  run.emit({ type: 'supervisor.reflected', iteration, verdict: verdict.verdict, reason: verdict.reason });
  run.log('reflection', { iteration, ...verdict });
  if (verdict.verdict === 'blocked') {
    state.status = 'blocked';
    state.message = `Blocked: ${verdict.reason}`;
  }
  if (verdict.verdict !== 'need_more') return reflection.answerNote(verdict);
  const max = loop.settings.maxIterations;
  return iteration >= max
    ? `You reached the limit of ${max} iterations. Answer now with what you found.`
    : undefined;
}
