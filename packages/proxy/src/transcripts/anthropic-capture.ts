import { addText, addToolCall, type CapturedAnswer, record } from './captured-answer.js';

/**
 * One event of an Anthropic Messages stream (`delta`: `message_start`, `content_block_start`,
 * `content_block_delta`, `message_delta`) or a whole message (`message`) into `answer`: its text, the tools
 * it used, the model, token usage and the stop reason.
 */
export function readAnthropicChunk(value: unknown, answer: CapturedAnswer, part: 'delta' | 'message'): void {
  const event = record(value);
  if (event === undefined) return;
  if (part === 'message') {
    readMessage(event, answer);
    return;
  }
  switch (event.type) {
    case 'message_start': {
      const message = record(event.message);
      if (message !== undefined) readMessage(message, answer);
      return;
    }
    case 'content_block_start': {
      const block = record(event.content_block);
      if (block?.type === 'tool_use') addToolCall(answer, block.name);
      else if (block?.type === 'text' && typeof block.text === 'string') addText(answer, block.text);
      return;
    }
    case 'content_block_delta': {
      const delta = record(event.delta);
      if (delta?.type === 'text_delta' && typeof delta.text === 'string') addText(answer, delta.text);
      return;
    }
    case 'message_delta': {
      const delta = record(event.delta);
      if (typeof delta?.stop_reason === 'string') answer.finishReason = delta.stop_reason;
      readUsage(record(event.usage), answer);
      return;
    }
  }
}

/** A whole message, or the start of a streamed one (its content then empty). */
function readMessage(message: Record<string, unknown>, answer: CapturedAnswer): void {
  if (typeof message.model === 'string') answer.model = message.model;
  if (typeof message.stop_reason === 'string') answer.finishReason = message.stop_reason;
  readUsage(record(message.usage), answer);
  for (const item of Array.isArray(message.content) ? message.content : []) {
    const block = record(item);
    if (block?.type === 'text' && typeof block.text === 'string') addText(answer, block.text);
    else if (block?.type === 'tool_use') addToolCall(answer, block.name);
  }
}

/** Anthropic counts input at the start and output as it goes (each `message_delta` has the total so far). */
function readUsage(usage: Record<string, unknown> | undefined, answer: CapturedAnswer): void {
  if (usage === undefined) return;
  const input = ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens']
    .map((key) => usage[key])
    .filter((n): n is number => typeof n === 'number');
  if (input.length > 0) answer.inputTokens = input.reduce((sum, n) => sum + n, 0);
  if (typeof usage.output_tokens === 'number') answer.outputTokens = usage.output_tokens;
}
