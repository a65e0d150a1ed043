import type { TranscriptItem } from '../transcript-model/transcript.js';

/** `running` while a run streams. */
export type RunControllerStatus = 'idle' | 'running';

/**
 * What features read and replace of the element's run (`RunController` in `agent/` has it): the
 * conversation shown, its transcript and whether a run is in progress.
 */
export interface RunState {
  readonly status: RunControllerStatus;
  readonly transcript: readonly TranscriptItem[];
  readonly conversationId: string | undefined;
  /** Shows `transcript` as the conversation `conversationId` (another conversation, a cut turn). */
  reset(transcript: readonly TranscriptItem[], conversationId: string | undefined): void;
}
