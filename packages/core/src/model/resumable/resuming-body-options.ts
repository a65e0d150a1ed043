/** How `resumingBody` (resuming-body.ts) reads the rest of a stream after a drop. */
export interface ResumingBodyOptions {
  signal: AbortSignal | undefined;
  attempts: number;
  backoffMs: (attempt: number) => number;
  /** The stream from byte `position` on. */
  read: (position: number) => Promise<Response>;
  onReconnecting?: ((attempt: number) => void) | undefined;
  onReconnected?: (() => void) | undefined;
  /** The body ended (read whole, failed for good, or cancelled). */
  onEnd: () => void;
  /** The reader cancelled the body before its end: the run stopped (or gave up), so the stream should stop too. */
  onCancel: () => void;
}
