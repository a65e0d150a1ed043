import { StreamInterruptedError } from '../../errors.js';
import type { ModelRequest } from '../../model/chat-model.js';
import { ModelTimeoutError } from '../../model/model-errors.js';
import { callModel, type ModelTurn } from '../model-turn.js';
import type { RunContext } from '../run-settings.js';

/** Wait before the one retry of an interrupted answer (ms); the retry policy's own backoff covers the rest. */
const RETRY_DELAY_MS = 250;

/**
 * One model call of the run that survives one interruption: a stream cut before its end marker
 * (`StreamInterruptedError`) or silent past the idle limit mid-answer is retried once, after a short wait.
 * Before the retry a `response.reset` event tells UIs to drop what this call streamed, so the partial text
 * is replaced, never left standing or appended to. A second failure ends the run as a typed error.
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
    if (run.signal.aborted || !interrupted(error)) throw error;
    run.emit({ type: 'response.reset', turn, code: error.code, message: error.message });
    run.log('model.retry', {
      turn,
      attempt: 1,
      delayMs: RETRY_DELAY_MS,
      code: error.code,
      message: error.message,
    });
    await sleep(RETRY_DELAY_MS, run.signal);
    return callModel(run, request, turn, options);
  }
}

function interrupted(error: unknown): error is StreamInterruptedError | ModelTimeoutError {
  return (
    error instanceof StreamInterruptedError || (error instanceof ModelTimeoutError && error.phase === 'idle')
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
