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

  constructor(host: ReactiveControllerHost, log: () => HTMLElement | null) {
    this.#log = log;
    host.addController(this);
  }

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
    this.#stickToBottom = atBottom || (!up && this.#stickToBottom);
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
