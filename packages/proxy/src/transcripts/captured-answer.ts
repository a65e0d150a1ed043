// What a transcript keeps of one model answer, and the small helpers its readers share.

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

/** `value` when it is a plain object. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Adds answer text, up to {@link MAX_CAPTURED_CHARS}. */
export function addText(answer: CapturedAnswer, text: string): void {
  if (answer.text.length < MAX_CAPTURED_CHARS)
    answer.text = (answer.text + text).slice(0, MAX_CAPTURED_CHARS);
}

/** Adds the name of a tool the answer called. */
export function addToolCall(answer: CapturedAnswer, name: unknown): void {
  if (typeof name === 'string' && name !== '') answer.toolCalls.push(name.slice(0, 200));
}
