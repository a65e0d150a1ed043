import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Keeps the message log scrolled to the newest output while the reader is at the bottom; scrolling up
 * to read stops following, and sending a message follows again. It reads no layout per token: only
 * `scroll` events and one write after each render.
 */
export class ScrollFollowController implements ReactiveController {
  #stickToBottom = true;
  #lastScrollTop = 0;
  #followNext = false;
  readonly #log: () => HTMLElement | null;
  readonly #host: ReactiveControllerHost;

  constructor({ host, log }: { host: ReactiveControllerHost; log: () => HTMLElement | null }) {
    this.#log = log;
    this.#host = host;
    host.addController(this);
  }

  /** The reader scrolled up: new output is not followed ("Jump to latest" shows while a run streams). */
  get detached(): boolean {
    return !this.#stickToBottom;
  }

  /** "Jump to latest": scrolls to the newest output and follows it again. */
  readonly jump = (): void => {
    this.#stickToBottom = true;
    this.#host.requestUpdate();
  };

  /** The next render follows new output again (a message was just sent). */
  follow(): void {
    this.#followNext = true;
  }

  /** The log's `@scroll` listener. */
  readonly onScroll = (event: Event): void => {
    const log = event.currentTarget as HTMLElement;
    const up = log.scrollTop < this.#lastScrollTop;
    this.#lastScrollTop = log.scrollTop;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 32;
    // Our own scrolling (down) keeps following even if more output arrived in between.
    const stick = atBottom || (!up && this.#stickToBottom);
    if (stick !== this.#stickToBottom) this.#host.requestUpdate();
    this.#stickToBottom = stick;
  };

  hostUpdate(): void {
    if (this.#followNext) this.#stickToBottom = true;
    this.#followNext = false;
  }

  hostUpdated(): void {
    const log = this.#log();
    if (!log || !this.#stickToBottom) return;
    log.scrollTop = log.scrollHeight;
    this.#lastScrollTop = log.scrollTop;
  }
}
