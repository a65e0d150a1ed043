import { StreamMalformedError } from '../../errors.js';
import type { FinishReason, ModelEvent } from '../chat-model.js';
import { mapFinishReason } from '../finish-reason.js';
import { InlineThinkSplitter } from '../inline-think.js';
import type { WireShape, WireShapeOf } from '../wire-shape.js';
import { deltaTextEvents, type OpenAIDeltaText } from './openai-delta.js';
import { ToolCallAccumulator } from './tool-call-accumulator.js';

/** One Chat Completions stream chunk, as OpenAI-compatible servers and web-llm produce it. */
export interface OpenAIChunk {
  choices?: Array<{
    delta?: OpenAIDeltaText & {
      tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
    finish_reason?: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: { message?: string };
}

/**
 * The fields of a chunk the reader reads, with the type each must have (checked by `parseEventJson`). The
 * text fields of a delta are not listed: {@link deltaTextEvents} reads them as `unknown` and warns on odd ones.
 */
export const OPENAI_CHUNK = {
  choices: [
    {
      delta: {
        tool_calls: [{ index: 'number', id: 'string', function: { name: 'string', arguments: 'string' } }],
      },
      finish_reason: 'string',
    },
  ],
  usage: { prompt_tokens: 'number', completion_tokens: 'number', total_tokens: 'number' },
} satisfies WireShapeOf<OpenAIChunk> & WireShape;

/**
 * Turns Chat Completions chunks into {@link ModelEvent}s, tolerant of the servers' quirks: tool calls
 * without ids (llama.cpp, vLLM, web-llm) or without `index` (older Ollama), no usage chunk, and other
 * finish-reason words. Reasoning in every dialect (see {@link deltaTextEvents}) becomes `reasoning-delta`s,
 * closed by a `reasoning-end` when the answer or a tool call starts. Shared by `openAICompatible` (over
 * SSE) and `webLLM` (over a worker).
 */
export class OpenAIChunkReader {
  readonly #toolCalls = new ToolCallAccumulator();
  readonly #think = new InlineThinkSplitter();
  #finish: { reason: FinishReason; rawReason: string } | undefined;
  #reasoning: string | undefined;
  /** Chunks that carried none of the fields we read (no `choices`, `usage` nor `error`): ignored, counted. */
  #ignored = 0;

  /** The events one chunk carries (an array, not a generator: this runs for every chunk of every answer). */
  read(chunk: OpenAIChunk): ModelEvent[] {
    const out: ModelEvent[] = [];
    this.#segment(this.#events(chunk), out);
    return out;
  }

  /** Closes a reasoning segment when something else starts, so `reasoning-end` carries its whole text. */
  #segment(events: readonly ModelEvent[], out: ModelEvent[]): void {
    for (const event of events) {
      if (event.type === 'reasoning-delta') this.#reasoning = (this.#reasoning ?? '') + event.text;
      else if (event.type === 'text-delta' || event.type === 'tool-call-start') this.#closeReasoning(out);
      out.push(event);
    }
  }

  #closeReasoning(out: ModelEvent[]): void {
    if (this.#reasoning === undefined) return;
    out.push({ type: 'reasoning-end', text: this.#reasoning });
    this.#reasoning = undefined;
  }

  #events(chunk: OpenAIChunk): ModelEvent[] {
    if (chunk.error)
      throw new StreamMalformedError(
        `the provider reported an error mid-stream: ${chunk.error.message ?? 'unknown'}`,
      );
    if (!chunk.choices && !chunk.usage) this.#ignored++;
    const choice = chunk.choices?.[0];
    const delta = choice?.delta;
    const out = delta ? deltaTextEvents(delta, this.#think) : [];
    for (const fragment of delta?.tool_calls ?? []) {
      // A fragment without `index` that names a tool opens the next call; one without a name continues the last.
      const size = this.#toolCalls.size;
      const index = fragment.index ?? (fragment.function?.name ? size : Math.max(0, size - 1));
      const { started, call } = this.#toolCalls.add({
        index,
        id: fragment.id,
        name: fragment.function?.name,
        argumentsDelta: fragment.function?.arguments,
      });
      if (started) out.push({ type: 'tool-call-start', index: call.index, id: call.id, name: call.name });
      if (fragment.function?.arguments)
        out.push({
          type: 'tool-call-delta',
          index: call.index,
          id: call.id,
          argumentsDelta: fragment.function.arguments,
        });
    }
    if (choice?.finish_reason)
      this.#finish = { reason: mapFinishReason(choice.finish_reason), rawReason: choice.finish_reason };
    if (chunk.usage) {
      const { prompt_tokens = 0, completion_tokens = 0 } = chunk.usage;
      out.push({
        type: 'usage',
        usage: {
          inputTokens: prompt_tokens,
          outputTokens: completion_tokens,
          totalTokens: chunk.usage.total_tokens ?? prompt_tokens + completion_tokens,
        },
      });
    }
    return out;
  }

  /** The provider's finish word, once a chunk carried one. */
  get finishReason(): string | undefined {
    return this.#finish?.rawReason;
  }

  /** The closing events: one `tool-call-end` per call, then `finish`. */
  end(fallbackRawReason: string): ModelEvent[] {
    const out: ModelEvent[] = [];
    this.#segment(this.#think.end(), out);
    this.#closeReasoning(out);
    const calls = this.#toolCalls.finish();
    for (const [index, toolCall] of calls.entries()) out.push({ type: 'tool-call-end', index, toolCall });
    // Some servers report "stop" after tool calls; the calls are what the agent must act on.
    const reason = calls.length > 0 ? 'tool-calls' : (this.#finish?.reason ?? 'stop');
    out.push({
      type: 'finish',
      reason,
      rawReason: this.#finish?.rawReason ?? fallbackRawReason,
      ...(this.#ignored ? { ignoredEvents: this.#ignored } : {}),
    });
    return out;
  }
}
