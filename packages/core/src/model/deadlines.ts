/** A time limit some work must meet: `expire` runs once `at` (epoch ms) has passed, unless it is unwatched first. */
export interface Deadline {
  /** When it expires; the work may move it (a body's idle limit counts from its last chunk). */
  at: number;
  expire(): void;
}

const watched = new Set<Deadline>();
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Number.POSITIVE_INFINITY;
/** The `setTimeout` that set the timer (tests swap in fake timers). */
let setBy: unknown;

/**
 * Watches `deadline`. All deadlines share one timer, set for the earliest: a model call's limits (first
 * byte, idle body, drain) cost a set insertion each, not a timer each, on every call of every run. When
 * the timer fires it expires what is due and is set again for the earliest left; a deadline that moved
 * later is looked at again then.
 */
export function watchDeadline(deadline: Deadline): void {
  watched.add(deadline);
  if (deadline.at >= timerAt && setBy === setTimeout) return;
  if (setBy === setTimeout) clearTimeout(timer);
  timerAt = deadline.at;
  setBy = setTimeout;
  timer = setTimeout(expireDue, deadline.at - Date.now());
  // In Node a limit alone never keeps the process running: the work it watches does, if anything.
  (timer as { unref?(): void }).unref?.();
}

/** Stops watching `deadline` (its work ended in time); the shared timer, when it fires, finds nothing due. */
export function unwatchDeadline(deadline: Deadline): void {
  watched.delete(deadline);
}

function expireDue(): void {
  timerAt = Number.POSITIVE_INFINITY;
  let next: Deadline | undefined;
  for (const deadline of watched)
    if (deadline.at <= Date.now()) {
      watched.delete(deadline);
      deadline.expire();
    } else if (!next || deadline.at < next.at) next = deadline;
  if (next) watchDeadline(next);
}
