import { AbortedError } from '../errors.js';

/** How the user answered a `clarify.request` raised by an MCP server. */
export type ElicitationAnswer =
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

interface Pending {
  check: (answer: ElicitationAnswer) => ElicitationAnswer;
  resolve: (answer: ElicitationAnswer) => void;
  reject: (reason: unknown) => void;
}

/**
 * Questions waiting for the user, by `requestId`: a server's elicitation (or a sampling consent)
 * blocks its tool call until `answer()` is called, the wait times out or the signal aborts.
 */
export class PendingAnswers {
  readonly #pending = new Map<string, Pending>();

  /** Ids of the questions still open. */
  get ids(): string[] {
    return [...this.#pending.keys()];
  }

  /**
   * Opens a question and waits for its answer. `check` may throw to refuse an answer (the question then
   * stays open); on timeout the answer is `cancel`.
   */
  wait(
    requestId: string,
    options: {
      signal?: AbortSignal;
      timeoutMs: number;
      check?: (answer: ElicitationAnswer) => ElicitationAnswer;
    },
  ): Promise<ElicitationAnswer> {
    const { signal, timeoutMs } = options;
    if (signal?.aborted) return Promise.reject(new AbortedError(signal.reason));
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#pending.delete(requestId);
      };
      const onAbort = () => {
        done();
        reject(new AbortedError(signal?.reason));
      };
      const timer = setTimeout(() => {
        done();
        resolve({ action: 'cancel' });
      }, timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(requestId, {
        check: options.check ?? ((answer) => answer),
        resolve: (answer) => {
          done();
          resolve(answer);
        },
        reject: (reason) => {
          done();
          reject(reason);
        },
      });
    });
  }

  /** Answers an open question; false when no question has that id. Throws when `check` refuses it. */
  answer(requestId: string, answer: ElicitationAnswer): boolean {
    const pending = this.#pending.get(requestId);
    if (!pending) return false;
    pending.resolve(pending.check(answer));
    return true;
  }

  /** Rejects every open question (the hub is closing). */
  rejectAll(reason: unknown): void {
    for (const pending of [...this.#pending.values()]) pending.reject(reason);
  }
}
