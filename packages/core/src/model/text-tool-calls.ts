import type { ModelEvent, ToolSpec } from './chat-model.js';

/** How an answer that may be a tool call written as text starts: `{`, `[`, `<tool_call>`, a code fence. */
const CALL_START = /^\s*[[{<`]/;

/**
 * A model stream in which a tool call the model wrote as its text becomes a real tool call, when tools
 * were offered: `{"name","arguments"}`, `{"tool","args"}`, a fenced JSON block or `<tool_call>…</tool_call>`,
 * as small models often write. Text that starts like prose, and any text after a native tool call, passes
 * straight through; text that starts like a call is handed to the filter of `text-tool-call-parse.ts`
 * (loaded then), which holds it back until it knows. Native tool calls pass through.
 *
 * Not an async generator: once the stream is known to be prose (or native calls), each `next()` is the
 * model stream's own, with no extra promise per event on the turn's path.
 */
export function recoverTextToolCalls(
  events: AsyncIterable<ModelEvent>,
  tools: readonly ToolSpec[] | undefined,
): AsyncIterable<ModelEvent> {
  if (!tools?.length) return events;
  return { [Symbol.asyncIterator]: () => new TextCallWatch(events[Symbol.asyncIterator]()) };
}

class TextCallWatch implements AsyncIterator<ModelEvent> {
  readonly #events: AsyncIterator<ModelEvent>;
  /** The text so far while it is only white space. */
  #lead = '';
  #native = false;
  /** Passing every event through (prose, or text after native calls). */
  #passing = false;
  /** The filter of text that starts like a call, once there is one. */
  #filter: AsyncIterator<ModelEvent> | undefined;

  constructor(events: AsyncIterator<ModelEvent>) {
    this.#events = events;
  }

  next(): Promise<IteratorResult<ModelEvent>> {
    if (this.#passing) return this.#events.next();
    return this.#filter ? this.#filter.next() : this.#watch();
  }

  async return(): Promise<IteratorResult<ModelEvent>> {
    await this.#filter?.return?.();
    await this.#events.return?.();
    return { done: true, value: undefined };
  }

  async #watch(): Promise<IteratorResult<ModelEvent>> {
    const events = this.#events;
    for (let next = await events.next(); !next.done; next = await events.next()) {
      const event = next.value;
      if (event.type === 'tool-call-start') this.#native = true;
      if (event.type !== 'text-delta') return next;
      this.#lead += event.text;
      if (!this.#lead.trim()) continue;
      const lead = this.#lead;
      this.#lead = '';
      if (!this.#native && CALL_START.test(lead)) {
        this.#filter = (await import('./text-tool-call-parse.js')).filterTextToolCall(lead, events, false);
        return this.#filter.next();
      }
      // Prose, or text beside native calls: the rest of the stream passes as it comes.
      this.#passing = true;
      return { done: false, value: { type: 'text-delta', text: lead } };
    }
    this.#passing = true;
    const lead = this.#lead;
    this.#lead = '';
    return lead
      ? { done: false, value: { type: 'text-delta', text: lead } }
      : { done: true, value: undefined };
  }
}
