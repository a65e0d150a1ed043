import type { Message } from '../../model/messages.js';
import type { RunCheckpoint } from '../run-checkpoint-store.js';
import type { RunContext, RunSettings } from '../run-settings.js';

/** Step 1: announces the run (`run.start` and its log record). */
export function announceStart(
  settings: RunSettings,
  run: RunContext,
  resume: RunCheckpoint | undefined,
): void {
  run.emit({
    type: 'run.start',
    conversationId: run.conversationId,
    message: run.message,
    ...(resume ? { resumes: resume.requests[0]!.requestId } : {}),
  });
  run.log('run.start', {
    conversationId: run.conversationId,
    message: run.message,
    mode: settings.mode,
    ...(resume ? { resumes: resume.requests.map((r) => r.requestId) } : {}),
  });
}

/**
 * Step 3: the messages this run starts with. A resumed run: the paused turn with the user's answers. A new
 * message: a run paused in this conversation is settled first (its requests answered as declined), then
 * the user's message. A store that did not survive a reload (an in-memory one) lost what the paused run
 * had finished; the checkpoint kept a copy, so the model still sees the user's message.
 */
export async function openingMessages(
  settings: RunSettings,
  run: RunContext,
  resume: RunCheckpoint | undefined,
  history: readonly Message[],
): Promise<Message[]> {
  const opening: Message[] = [];
  if (resume) {
    if (history.length === 0) opening.push(...(resume.messages ?? []));
    // Resuming a paused run (approvals answered, a new message over a paused turn) loads on first use.
    opening.push(...(await (await import('../resume.js')).resumeMessages(resume, settings, run)));
    return opening;
  }
  const paused = await settings.checkpoints.load(run.conversationId);
  if (paused) {
    if (history.length === 0) opening.push(...(paused.messages ?? []));
    opening.push(...(await import('../resume.js')).settleOnNewMessage(paused));
    await settings.checkpoints.delete(run.conversationId);
  }
  const images = run.images;
  opening.push({ role: 'user', content: run.message, ...(images?.length ? { images } : {}) });
  return opening;
}
