/** The longest a task waits for the browser to be idle: a busy page (animations, a loaded machine) may never be. */
const IDLE_TIMEOUT_MS = 1000;

/** Runs `task` when the browser is idle, at most a second later (a timer where there is no idle callback). */
export function idle(task: () => void): void {
  if ('requestIdleCallback' in globalThis) requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, 0);
}
