import { StreamInterruptedError } from '../../errors.js';
import type { ModelRequest } from '../../model/chat-model.js';
import { ModelTimeoutError } from '../../model/model-errors.js';
import { callModel, failedMidAnswer, type ModelTurn } from '../model-turn.js';
import type { RunContext } from '../run-settings.js';

/**
 * One model call of the run that survives one interruption: a stream cut before its end marker
 * (`StreamInterruptedError`) or silent past the idle limit after its first event is made again once
 * (`retry-interrupted.ts`, loaded only then). A second failure ends the run as that typed error.
 */
export async function callModelWithRetry(
  run: RunContext,
  request: ModelRequest,
  turn: number,
  options: { streamText: boolean; purpose: string },
): Promise<ModelTurn> {
  try {
    return await callModel(run, request, turn, options);
  } catch (error) {
    // Only an answer cut after it started: a call that failed before its first event was already
    // retried by the agent's retry policy, within its budget.
    const interrupted =
      failedMidAnswer.has(error as object) &&
      (error instanceof StreamInterruptedError ||
        (error instanceof ModelTimeoutError && error.phase === 'idle'));
    if (run.signal.aborted || !interrupted) throw error;
    await (await import('./retry-interrupted.js')).beforeRetry(run, turn, error);
    return callModel(run, request, turn, options);
  }
}
