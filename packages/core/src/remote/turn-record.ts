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
        this.#answer += event.text;
        break;
      case 'reasoning.done':
        this.#reasoning += (this.#reasoning ? '\n\n' : '') + event.text;
        break;
    }
  }

  /** The turn's messages in store order. */
  messages(): Message[] {
    const out: Message[] = [{ role: 'user', content: this.#user }];
    if (this.#calls.length)
      out.push({ role: 'assistant', content: '', toolCalls: this.#calls }, ...this.#results);
    out.push({
      role: 'assistant',
      content: this.#answer,
      ...(this.#reasoning ? { reasoning: { text: this.#reasoning } } : {}),
    });
    return out;
  }
}
