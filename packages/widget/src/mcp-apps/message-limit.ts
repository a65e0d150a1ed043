/**
 * How often an app may add messages to the chat without asking: `max` within `windowMs`. Past that, the
 * visitor is asked about each one (one question at a time; messages that arrive meanwhile are refused),
 * and may block the app's messages altogether.
 */
export class MessageLimit {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #sent: number[] = [];
  blocked = false;
  /** Messages refused while a question was open or after the visitor blocked them. */
  refused = 0;
  asking = false;

  constructor(max = 2, windowMs = 30_000) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** `send`: within the limit; `ask`: ask the visitor first; `refuse`: refuse at once. */
  check(now = Date.now()): 'send' | 'ask' | 'refuse' {
    if (this.blocked || this.asking) {
      this.refused++;
      return 'refuse';
    }
    while (this.#sent.length && now - this.#sent[0]! > this.#windowMs) this.#sent.shift();
    return this.#sent.length < this.#max ? 'send' : 'ask';
  }

  /** Counts a message that went to the chat. */
  sent(now = Date.now()): void {
    this.#sent.push(now);
  }
}
