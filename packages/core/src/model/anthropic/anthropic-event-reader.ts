import { ModelCallError } from '../../errors.js';
import type { FinishReason, ModelEvent } from '../chat-model.js';
import { mapFinishReason } from '../finish-reason.js';
import type { ReasoningBlock } from '../messages.js';
import type { WireShape, WireShapeOf } from '../wire-shape.js';

/** One Messages API stream event (the JSON of an SSE `data:` line). */
export interface AnthropicEvent {
  type: string;
  index?: number;
  message?: { usage?: AnthropicUsage };
  content_block?: {
    type?: string;
    id?: string;
    name?: string;
    text?: string;
    thinking?: string;
    signature?: string;
    data?: string;
  };
  delta?: {
    type?: string;
    text?: string;
    partial_json?: string;
    thinking?: unknown;
    signature?: string;
    stop_reason?: string | null;
  };
  usage?: AnthropicUsage;
  error?: { type?: string; message?: string };
}

interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

const USAGE = {
  input_tokens: 'number',
  output_tokens: 'number',
  cache_creation_input_tokens: 'number',
  cache_read_input_tokens: 'number',
} as const;

/**
 * The fields of an event the reader reads, with the type each must have (checked by `parseEventJson`);
 * `delta.thinking` is read as `unknown` and warned about when it is not text.
 */
export const ANTHROPIC_EVENT = {
  type: 'string',
  index: 'number',
  message: { usage: USAGE },
  content_block: {
    type: 'string',
    id: 'string',
    name: 'string',
    text: 'string',
    thinking: 'string',
    signature: 'string',
    data: 'string',
  },
  delta: {
    type: 'string',
    text: 'string',
    partial_json: 'string',
    signature: 'string',
    stop_reason: 'string',
  },
  usage: USAGE,
  error: { type: 'string', message: 'string' },
} satisfies WireShapeOf<AnthropicEvent> & WireShape;

interface Block {
  kind: 'tool' | 'json' | 'thinking' | 'redacted' | 'other';
  call: number;
  id: string;
  name: string;
  args: string;
  /** Thinking text and signature (thinking), or the encrypted data (redacted_thinking). */
  thinking?: string;
  signature?: string;
  data?: string;
}

// Status codes the Messages API uses for the error types it can also send inside a stream.
const ERROR_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/**
 * Turns Messages API stream events into {@link ModelEvent}s: `text_delta`s, `tool_use` blocks whose
 * input arrives as `input_json_delta` fragments (one call per block, numbered in order), usage from
 * `message_start` + `message_delta`, the stop reason, and `error` events as {@link ModelCallError}s.
 * `thinking` blocks stream as `reasoning-delta`s and end with a `reasoning-end` carrying the block with its
 * signature; a `redacted_thinking` block ends the same way with its data, so both can be sent back as given.
 * The block of `jsonTool` (the forced tool of a `responseFormat`) is reported as answer text.
 */
export class AnthropicEventReader {
  readonly #blocks = new Map<number, Block>();
  #calls = 0;
  #inputTokens = 0;
  #outputTokens = 0;
  #sawUsage = false;
  /** Events of a type we do not know: ignored, counted. */
  #ignored = 0;
  #finish: { reason: FinishReason; rawReason: string } | undefined;
  /** `message_stop` arrived: the answer is complete. */
  stopped = false;

  readonly #url: string;
  readonly #jsonTool: string | undefined;

  constructor(url: string, jsonTool: string | undefined) {
    this.#url = url;
    this.#jsonTool = jsonTool;
  }

  /** The model events one stream event carries. */
  *read(event: AnthropicEvent): Generator<ModelEvent> {
    const index = event.index ?? 0;
    switch (event.type) {
      case 'message_start': {
        const usage = event.message?.usage;
        if (!usage) return;
        this.#sawUsage = true;
        // Cached prompt tokens are still input tokens of this call.
        this.#inputTokens =
          (usage.input_tokens ?? 0) +
          (usage.cache_creation_input_tokens ?? 0) +
          (usage.cache_read_input_tokens ?? 0);
        this.#outputTokens = usage.output_tokens ?? 0;
        return;
      }
      case 'content_block_start':
        yield* this.#blockStart(event.content_block, index);
        return;
      case 'content_block_delta':
        yield* this.#blockDelta(event.delta, this.#blocks.get(index));
        return;
      case 'content_block_stop': {
        const entry = this.#blocks.get(index);
        const block = reasoningBlock(entry);
        if (block)
          yield {
            type: 'reasoning-end',
            text: block.type === 'thinking' ? block.thinking : '',
            blocks: [block],
          };
        if (entry?.kind === 'tool')
          yield {
            type: 'tool-call-end',
            index: entry.call,
            toolCall: { id: entry.id, name: entry.name, arguments: entry.args || '{}' },
          };
        return;
      }
      case 'message_delta':
        if (event.delta?.stop_reason)
          this.#finish = {
            reason: mapFinishReason(event.delta.stop_reason),
            rawReason: event.delta.stop_reason,
          };
        if (event.usage?.output_tokens !== undefined) {
          this.#sawUsage = true;
          this.#outputTokens = event.usage.output_tokens;
          if (event.usage.input_tokens) this.#inputTokens = event.usage.input_tokens;
        }
        return;
      case 'message_stop':
        this.stopped = true;
        return;
      case 'ping':
        return;
      case 'error': {
        const type = event.error?.type ?? 'api_error';
        throw new ModelCallError({
          status: ERROR_STATUS[type] ?? 500,
          providerMessage: `${type}: ${event.error?.message ?? ''}`,
          url: this.#url,
        });
      }
      default:
        this.#ignored++;
    }
  }

  /** A content block opens: a tool call (or the JSON answer), thinking, or text. */
  *#blockStart(block: AnthropicEvent['content_block'], index: number): Generator<ModelEvent> {
    const isTool = block?.type === 'tool_use';
    const kind = isTool
      ? block.name === this.#jsonTool
        ? 'json'
        : 'tool'
      : block?.type === 'thinking'
        ? 'thinking'
        : block?.type === 'redacted_thinking'
          ? 'redacted'
          : 'other';
    const entry: Block = {
      kind,
      call: kind === 'tool' ? this.#calls++ : -1,
      id: block?.id || `toolu_${index}`,
      name: block?.name ?? '',
      args: '',
      ...(kind === 'thinking' ? { thinking: block?.thinking ?? '', signature: block?.signature ?? '' } : {}),
      ...(kind === 'redacted' ? { data: block?.data ?? '' } : {}),
    };
    this.#blocks.set(index, entry);
    if (kind === 'tool') yield { type: 'tool-call-start', index: entry.call, id: entry.id, name: entry.name };
    if (block?.type === 'text' && block.text) yield { type: 'text-delta', text: block.text };
  }

  /** A content block grows: text, thinking and its signature, or a tool call's JSON arguments. */
  *#blockDelta(delta: AnthropicEvent['delta'], entry: Block | undefined): Generator<ModelEvent> {
    if (delta?.type === 'text_delta' && delta.text) yield { type: 'text-delta', text: delta.text };
    if (entry?.kind === 'thinking') {
      if (delta?.type === 'signature_delta') entry.signature += delta.signature ?? '';
      if (delta?.type === 'thinking_delta') {
        if (typeof delta.thinking !== 'string')
          yield {
            type: 'warning',
            message: `Ignored a thinking_delta of type ${typeof delta.thinking}; expected text.`,
          };
        else if (delta.thinking) {
          entry.thinking += delta.thinking;
          yield { type: 'reasoning-delta', text: delta.thinking };
        }
      }
      return;
    }
    if (delta?.type !== 'input_json_delta' || !delta.partial_json || !entry) return;
    entry.args += delta.partial_json;
    if (entry.kind === 'json') yield { type: 'text-delta', text: delta.partial_json };
    if (entry.kind === 'tool')
      yield {
        type: 'tool-call-delta',
        index: entry.call,
        id: entry.id,
        argumentsDelta: delta.partial_json,
      };
  }

  /** A stop reason or `message_stop` arrived: the stream was not cut. */
  get complete(): boolean {
    return this.stopped || this.#finish !== undefined;
  }

  /** The closing events: usage (when reported), then `finish`. */
  *end(): Generator<ModelEvent> {
    const inputTokens = this.#inputTokens;
    const outputTokens = this.#outputTokens;
    if (this.#sawUsage)
      yield { type: 'usage', usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens } };
    // A forced JSON tool ends with stop_reason tool_use, but for the caller it is the answer.
    const finish = this.#finish?.reason ?? 'stop';
    const reason = this.#calls > 0 ? 'tool-calls' : finish === 'tool-calls' ? 'stop' : finish;
    yield {
      type: 'finish',
      reason,
      rawReason: this.#finish?.rawReason ?? 'message_stop',
      ...(this.#ignored ? { ignoredEvents: this.#ignored } : {}),
    };
  }
}

function reasoningBlock(entry: Block | undefined): ReasoningBlock | undefined {
  if (entry?.kind === 'thinking')
    return { type: 'thinking', thinking: entry.thinking ?? '', signature: entry.signature ?? '' };
  if (entry?.kind === 'redacted') return { type: 'redacted_thinking', data: entry.data ?? '' };
  return undefined;
}
