import type { AgentEventBody } from '../events.js';
import type { Message, ToolCall } from '../model/messages.js';

/**
 * One turn of a remote run as our conversation store keeps it (the user's message, the tool calls and
 * their results, the answer), built from the events shown, so the transcript after a reload matches.
 */
export class TurnRecord {
  readonly #user: string;
  readonly #calls: ToolCall[] = [];
  readonly #results: Message[] = [];
  #answer = '';
  #reasoning = '';
  /** Where each model turn's answer and reasoning began, for `response.reset` to cut them back. */
  readonly #turnStarts = new Map<number, { answer: number; reasoning: number }>();

  constructor(user: string) {
    this.#user = user;
  }

  get answer(): string {
    return this.#answer;
  }

  observe(event: AgentEventBody): void {
    switch (event.type) {
      case 'tool.start':
        this.#calls.push({
          id: event.toolCallId,
          name: event.name,
          arguments: JSON.stringify(event.args ?? {}),
        });
        break;
      case 'tool.complete':
        this.#results.push({
          role: 'tool',
          toolCallId: event.toolCallId,
          toolName: event.name,
          content: event.content,
        });
        break;
      case 'tool.error':
        this.#results.push({
          role: 'tool',
          toolCallId: event.toolCallId,
          toolName: event.name,
          content: `Error: ${event.error}`,
        });
        break;
      case 'response.chunk':
        this.#startOf(event.turn);
        this.#answer += event.text;
        break;
      case 'reasoning.done':
        this.#startOf(event.turn);
        this.#reasoning += (this.#reasoning ? '\n\n' : '') + event.text;
        break;
      case 'response.reset': {
        // The backend made this turn's model call again: what it streamed is not part of the answer.
        const start = this.#turnStarts.get(event.turn);
        if (start) {
          this.#answer = this.#answer.slice(0, start.answer);
          this.#reasoning = this.#reasoning.slice(0, start.reasoning).trimEnd();
        }
        this.#turnStarts.delete(event.turn);
        break;
      }
    }
  }

  #startOf(turn: number): void {
    if (!this.#turnStarts.has(turn))
      this.#turnStarts.set(turn, { answer: this.#answer.length, reasoning: this.#reasoning.length });
  }

  /**
   * The turn's messages in store order. `failed`: the user's message and the tool calls that finished, without
   * the (partial) answer, as the built-in loop keeps a failed turn.
   */
  messages(failed = false): Message[] {
    const out: Message[] = [{ role: 'user', content: this.#user }];
    const answered = new Set(this.#results.map((m) => (m.role === 'tool' ? m.toolCallId : '')));
    const calls = failed ? this.#calls.filter((c) => answered.has(c.id)) : this.#calls;
    if (calls.length) out.push({ role: 'assistant', content: '', toolCalls: calls }, ...this.#results);
    if (failed) return out;
    out.push({
      role: 'assistant',
      content: this.#answer,
      ...(this.#reasoning ? { reasoning: { text: this.#reasoning } } : {}),
    });
    return out;
  }
}
