/**
 * How often an app asks to add messages to the chat. Every message waits for the visitor's Send; past
 * `max` requests within `windowMs` the question says the app keeps sending. While one question is open
 * the app's other requests are refused at once, and the visitor may block its messages altogether.
 */
export class MessageLimit {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #recent: number[] = [];
  blocked = false;
  /** Requests refused while a question was open or after the visitor blocked them. */
  refused = 0;
  asking = false;

  constructor(max = 2, windowMs = 30_000) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Counts a request: `send` within the limit, `ask` past it (the question says so), or `refuse` at once. */
  check(now = Date.now()): 'send' | 'ask' | 'refuse' {
    if (this.blocked || this.asking) {
      this.refused++;
      return 'refuse';
    }
    while (this.#recent.length && now - this.#recent[0]! > this.#windowMs) this.#recent.shift();
    this.#recent.push(now);
    return this.#recent.length <= this.#max ? 'send' : 'ask';
  }
}
