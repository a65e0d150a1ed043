// Reads a model's answer (an event stream or one JSON body; OpenAI-compatible, or Anthropic's Messages API in
// anthropic-capture.ts) for the transcript: the text, the names of the tools it called, token usage and the
// finish reason. Never sent anywhere else.
import { readAnthropicChunk } from './anthropic-capture.js';
import { addText, addToolCall, type CapturedAnswer, emptyAnswer, record } from './captured-answer.js';

export { type CapturedAnswer, emptyAnswer, MAX_CAPTURED_CHARS } from './captured-answer.js';

/**
 * Reads an answer as it passes: `push` each chunk, `finish` at the end. `text/event-stream` is read
 * event by event, anything else as one JSON completion.
 */
export class AnswerCapture {
  readonly answer = emptyAnswer();
  readonly #decoder = new TextDecoder();
  readonly #eventStream: boolean;
  readonly #read: (value: unknown, answer: CapturedAnswer, part: 'delta' | 'message') => void;
  #pending = '';

  /** `dialect`: the API the answer comes from (`/v1/chat/completions` or `/v1/messages`). */
  constructor(eventStream: boolean, dialect: 'openai' | 'anthropic' = 'openai') {
    this.#eventStream = eventStream;
    this.#read = dialect === 'anthropic' ? readAnthropicChunk : readChunk;
  }

  push(chunk: Uint8Array): void {
    this.#pending += this.#decoder.decode(chunk, { stream: true });
    if (!this.#eventStream) return;
    const lines = this.#pending.split('\n');
    this.#pending = lines.pop() ?? '';
    for (const line of lines) this.#readLine(line);
  }

  finish(): CapturedAnswer {
    this.#pending += this.#decoder.decode();
    if (this.#eventStream) this.#readLine(this.#pending);
    else this.#read(parse(this.#pending), this.answer, 'message');
    this.#pending = '';
    return this.answer;
  }

  #readLine(line: string): void {
    const trimmed = line.trim();
    if (!trimmed.startsWith('data:')) return;
    const data = trimmed.slice(5).trim();
    if (data !== '[DONE]') this.#read(parse(data), this.answer, 'delta');
  }
}

/**
 * Passes `body` on chunk by chunk (nothing held back) while `capture` reads each chunk; `done` runs
 * once at the end, with the error when the stream failed or the client left.
 */
export function observeBody(
  body: ReadableStream<Uint8Array>,
  capture: AnswerCapture,
  done: (error?: unknown) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  const end = (error?: unknown) => {
    if (finished) return;
    finished = true;
    done(error);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        end(error ?? new Error('stream failed'));
        controller.error(error);
        return;
      }
      if (result.done) {
        end();
        controller.close();
        return;
      }
      const chunk = result.value;
      controller.enqueue(chunk);
      // Read for the transcript after the chunk is on its way: nothing of it stands before the client's bytes.
      queueMicrotask(() => capture.push(chunk));
    },
    cancel(reason) {
      end(reason ?? new Error('client went away'));
      return reader.cancel(reason);
    },
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One OpenAI-compatible chunk (`delta`) or whole completion (`message`) into `answer`. */
function readChunk(value: unknown, answer: CapturedAnswer, part: 'delta' | 'message'): void {
  const chunk = record(value);
  if (chunk === undefined) return;
  if (typeof chunk.model === 'string') answer.model = chunk.model;
  const usage = record(chunk.usage);
  if (usage !== undefined) {
    if (typeof usage.prompt_tokens === 'number') answer.inputTokens = usage.prompt_tokens;
    if (typeof usage.completion_tokens === 'number') answer.outputTokens = usage.completion_tokens;
  }
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  const choice = record(choices[0]);
  if (choice === undefined) return;
  if (typeof choice.finish_reason === 'string') answer.finishReason = choice.finish_reason;
  const content = record(choice[part]);
  if (content === undefined) return;
  if (typeof content.content === 'string') addText(answer, content.content);
  const calls = Array.isArray(content.tool_calls) ? content.tool_calls : [];
  for (const call of calls) {
    const name = record(record(call)?.function)?.name;
    addToolCall(answer, name);
  }
}
