import type { AgentChatError } from '../../errors.js';
import type { RunContext } from '../run-settings.js';

/** Wait before the one retry of an interrupted answer (ms); the retry policy's own backoff covers the rest. */
const RETRY_DELAY_MS = 250;

/**
 * Before an interrupted model call is made again: a `response.reset` event tells UIs to drop what the call
 * streamed (the partial text is replaced, never appended to or left standing), the run log records the
 * retry, then a short wait that the run's signal cancels.
 */
export async function beforeRetry(run: RunContext, turn: number, error: AgentChatError): Promise<void> {
  run.emit({ type: 'response.reset', turn, code: error.code, message: error.message });
  run.log('model.retry', {
    turn,
    attempt: 1,
    delayMs: RETRY_DELAY_MS,
    code: error.code,
    message: error.message,
  });
  const { signal } = run;
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, RETRY_DELAY_MS);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
