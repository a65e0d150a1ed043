import { AbortedError, toAgentChatError } from '../../errors.js';
import type { PendingRequest } from '../run-checkpoint-store.js';
import type { RunContext, RunSettings } from '../run-settings.js';
import type { RunState } from './run-types.js';

/** An error that ended the loop: the run fails (or was aborted) with what it had finished so far. */
export function failRun(run: RunContext, state: RunState, caught: unknown): void {
  const error = toAgentChatError(run.signal.aborted ? new AbortedError(caught) : caught);
  state.status = error.code === 'aborted' ? 'aborted' : 'failed';
  state.message = error.message;
  state.pending = undefined;
  run.log('error', { code: error.code, message: error.message, retryable: error.isRetryable });
  if (state.status === 'failed')
    run.emit({
      type: 'error',
      code: error.code,
      message: error.message,
      retryable: error.isRetryable,
      ...error.details,
    });
}

/**
 * Step 8: the checkpoint. Stores the run's messages in one append (with memory's summaries), so an error or
 * abort never leaves half a turn behind; saves a paused run and asks its questions; then `run.finish`.
 * The messages are written before the checkpoint: a resumed run must find every earlier turn in the store.
 */
export async function settleRun(settings: RunSettings, run: RunContext, state: RunState): Promise<void> {
  try {
    await settings.store.append(
      run.conversationId,
      state.finished,
      await state.memory?.summarize(state.finished),
    );
    if (state.pending) {
      await settings.checkpoints.save(state.pending);
      for (const request of state.pending.requests) emitRequest(run, request);
    }
  } catch (caught) {
    state.status = 'failed';
    state.message = `The conversation could not be saved: ${toAgentChatError(caught).message}`;
    run.emit({ type: 'error', code: 'store_failed', message: state.message, retryable: false });
  }
  const { status, turns, message } = state;
  run.log('run.finish', { status, turns, ...(message ? { message } : {}) });
  run.emit({ type: 'run.finish', status, turns, ...(message ? { message } : {}) });
}

function emitRequest(run: RunContext, request: PendingRequest): void {
  if (request.kind === 'clarify')
    run.emit({
      type: 'clarify.request',
      requestId: request.requestId,
      question: request.question ?? '',
      source: 'ask_user',
    });
  else
    run.emit({
      type: 'approval.request',
      requestId: request.requestId,
      toolCallId: request.toolCallId,
      name: request.name,
      args: request.args,
    });
}
