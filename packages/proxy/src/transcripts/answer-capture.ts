// Reads an OpenAI-compatible answer (an event stream or one JSON body) for the transcript: the text,
// the names of the tools it called, token usage and the finish reason. Never sent anywhere else.

/** What a transcript keeps of one model answer. */
export interface CapturedAnswer {
  text: string;
  toolCalls: string[];
  model: string | undefined;
  inputTokens: number;
  outputTokens: number;
  finishReason: string | undefined;
}

/** Longest answer text kept per call; the rest is cut (transcripts are for reading, not replay). */
export const MAX_CAPTURED_CHARS = 32_000;

/** A fresh, empty {@link CapturedAnswer}. */
export function emptyAnswer(): CapturedAnswer {
  return {
    text: '',
    toolCalls: [],
    model: undefined,
    inputTokens: 0,
    outputTokens: 0,
    finishReason: undefined,
  };
}

/**
 * Reads an answer as it passes: `push` each chunk, `finish` at the end. `text/event-stream` is read
 * event by event, anything else as one JSON completion.
 */
export class AnswerCapture {
  readonly answer = emptyAnswer();
  readonly #decoder = new TextDecoder();
  readonly #eventStream: boolean;
  #pending = '';

  constructor(eventStream: boolean) {
    this.#eventStream = eventStream;
  }

  push(chunk: Uint8Array): void {
    this.#pending += this.#decoder.decode(chunk, { stream: true });
    if (!this.#eventStream) return;
    const lines = this.#pending.split('\n');
    this.#pending = lines.pop() ?? '';
    for (const line of lines) readEventLine(line, this.answer);
  }

  finish(): CapturedAnswer {
    this.#pending += this.#decoder.decode();
    if (this.#eventStream) readEventLine(this.#pending, this.answer);
    else readChunk(parse(this.#pending), this.answer, 'message');
    this.#pending = '';
    return this.answer;
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
      capture.push(result.value);
      controller.enqueue(result.value);
    },
    cancel(reason) {
      end(reason ?? new Error('client went away'));
      return reader.cancel(reason);
    },
  });
}

function readEventLine(line: string, answer: CapturedAnswer): void {
  const trimmed = line.trim();
  if (!trimmed.startsWith('data:')) return;
  const data = trimmed.slice(5).trim();
  if (data === '[DONE]') return;
  readChunk(parse(data), answer, 'delta');
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

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
  if (typeof content.content === 'string' && answer.text.length < MAX_CAPTURED_CHARS) {
    answer.text = (answer.text + content.content).slice(0, MAX_CAPTURED_CHARS);
  }
  const calls = Array.isArray(content.tool_calls) ? content.tool_calls : [];
  for (const call of calls) {
    const name = record(record(call)?.function)?.name;
    if (typeof name === 'string' && name !== '') answer.toolCalls.push(name.slice(0, 200));
  }
}
