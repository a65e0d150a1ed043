/**
 * How often an app may ask to add messages to the chat without the visitor's say: `max` requests within
 * `windowMs`. Past that, the visitor is asked about each one (one question at a time; requests that
 * arrive meanwhile are refused), and may block the app's messages altogether.
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

  /** Counts a request: `send` within the limit, `ask` the visitor first, or `refuse` at once. */
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
