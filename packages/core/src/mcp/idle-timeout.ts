/**
 * A timeout that measures silence, not total time: `reset()` on each sign of life (progress), and
 * `hold()` while the server waits for the user (an elicitation), so a person who takes five minutes to
 * fill a form does not make the tool call time out.
 */
export class IdleTimeout {
  readonly #ms: number;
  readonly #onTimeout: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #holds = 0;
  #done = false;

  constructor(ms: number, onTimeout: () => void) {
    this.#ms = ms;
    this.#onTimeout = onTimeout;
    this.reset();
  }

  /** Starts counting again from zero (unless held or finished). */
  reset(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#done || this.#holds > 0) return;
    this.#timer = setTimeout(() => {
      this.#done = true;
      this.#onTimeout();
    }, this.#ms);
  }

  /** Stops counting until the returned function is called (holds nest). */
  hold(): () => void {
    this.#holds++;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      this.reset();
    };
  }

  /** Stops for good. */
  clear(): void {
    this.#done = true;
    clearTimeout(this.#timer);
  }
}
