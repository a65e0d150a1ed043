import {
  AbortedError,
  ConfigurationError,
  isAbortError,
  StreamInterruptedError,
  StreamMalformedError,
} from '../errors.js';
import type { ChatModel, FinishReason, ModelCapabilities, ModelEvent, ModelRequest } from './chat-model.js';
import { mapFinishReason } from './finish-reason.js';
import { parseEventJson, postForEventStream } from './http-call.js';
import { openAIRequestBody } from './openai-messages.js';
import { resolveOpenAIModel } from './resolve-model.js';
import { sseEvents } from './sse-events.js';
import { ToolCallAccumulator } from './tool-call-accumulator.js';

/** Options of {@link openAICompatible}. */
export interface OpenAICompatibleOptions {
  /** Base URL ending in `/v1`: OpenAI, the agent-chat proxy, Ollama, llama.cpp server, vLLM, OpenRouter… */
  baseURL: string;
  /**
   * Model name as the endpoint knows it, or `auto`: list the endpoint's models (`GET /models`) on the
   * first call and use the best available one (announced as a `decided` event).
   */
  model: string;
  /** Sent as a Bearer token. Leave unset in the browser: the proxy adds the key. */
  apiKey?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Overrides what the model is assumed to support. */
  capabilities?: Partial<ModelCapabilities>;
  /** The fetch to use (tests, custom transports). */
  fetch?: typeof fetch;
  /** Provider name used in the model id; default `openai`. */
  provider?: string;
}

const DEFAULT_CAPABILITIES: ModelCapabilities = {
  tools: true,
  jsonSchema: true,
  vision: false,
  contextWindow: 128_000,
};
const EXPECTED = 'an OpenAI-compatible /v1 endpoint';

/**
 * A {@link ChatModel} for any endpoint speaking the OpenAI Chat Completions streaming format, including
 * the quirks of Ollama, llama.cpp server and vLLM (no usage chunk, tool calls without ids or indexes,
 * other finish-reason words).
 *
 * @example
 * const model = openAICompatible({ baseURL: 'https://my-proxy.workers.dev/v1', model: 'gpt-4o-mini' });
 */
export function openAICompatible(options: OpenAICompatibleOptions): ChatModel {
  if (!options.baseURL || !/^https?:\/\//.test(options.baseURL))
    throw new ConfigurationError(
      `openAICompatible: baseURL must be an http(s) URL such as https://api.openai.com/v1, got ${JSON.stringify(options.baseURL)}.`,
    );
  if (!options.model)
    throw new ConfigurationError(
      'openAICompatible: model is required, e.g. { model: "gpt-4o-mini" } or "auto".',
    );
  const baseURL = options.baseURL.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const auto = options.model === 'auto';
  let resolved: Promise<{ model: string; reason: string; candidates: string[] }> | undefined;
  return {
    id: `${options.provider ?? 'openai'}:${options.model}`,
    capabilities: { ...DEFAULT_CAPABILITIES, ...options.capabilities },
    async *stream(request, { signal } = {}) {
      let model = options.model;
      if (auto) {
        resolved ??= resolveOpenAIModel({ ...options, fetch: doFetch });
        // A failed listing is retried on the next call rather than remembered.
        const choice = await resolved.catch((error: unknown) => {
          resolved = undefined;
          throw error;
        });
        model = choice.model;
        yield {
          type: 'decided',
          model: `${options.provider ?? 'openai'}:${model}`,
          reason: choice.reason,
          candidates: choice.candidates,
        };
      }
      yield* streamCompletion(doFetch, `${baseURL}/chat/completions`, { ...options, model }, request, signal);
    },
  };
}

async function* streamCompletion(
  doFetch: typeof fetch,
  url: string,
  options: OpenAICompatibleOptions,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  const body = await postForEventStream(
    doFetch,
    {
      url,
      model: options.model,
      withTools: Boolean(request.tools?.length),
      expected: EXPECTED,
      headers: {
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        ...options.headers,
      },
      body: { model: options.model, ...openAIRequestBody(request) },
    },
    signal,
  );
  const toolCalls = new ToolCallAccumulator();
  let finish: { reason: FinishReason; rawReason: string } | undefined;
  let done = false;
  let events = 0;
  try {
    for await (const message of sseEvents(body)) {
      events++;
      if (message.data === '[DONE]') {
        done = true;
        break;
      }
      const chunk = parseEventJson<WireChunk>(message.data);
      if (chunk.error)
        throw new StreamMalformedError(
          `the provider reported an error mid-stream: ${chunk.error.message ?? 'unknown'}`,
        );
      const choice = chunk.choices?.[0];
      const delta = choice?.delta;
      if (delta?.content) yield { type: 'text-delta', text: delta.content };
      for (const fragment of delta?.tool_calls ?? []) {
        // Ollama's older OpenAI layer sends whole calls without `index`: a fragment with a name opens the
        // next call, one without continues the last.
        const index =
          fragment.index ?? (fragment.function?.name ? toolCalls.size : Math.max(0, toolCalls.size - 1));
        const { started, call } = toolCalls.add({
          index,
          id: fragment.id,
          name: fragment.function?.name,
          argumentsDelta: fragment.function?.arguments,
        });
        if (started) yield { type: 'tool-call-start', index: call.index, id: call.id, name: call.name };
        if (fragment.function?.arguments)
          yield {
            type: 'tool-call-delta',
            index: call.index,
            id: call.id,
            argumentsDelta: fragment.function.arguments,
          };
      }
      if (choice?.finish_reason)
        finish = { reason: mapFinishReason(choice.finish_reason), rawReason: choice.finish_reason };
      if (chunk.usage) {
        const { prompt_tokens = 0, completion_tokens = 0 } = chunk.usage;
        yield {
          type: 'usage',
          usage: {
            inputTokens: prompt_tokens,
            outputTokens: completion_tokens,
            totalTokens: chunk.usage.total_tokens ?? prompt_tokens + completion_tokens,
          },
        };
      }
    }
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    if (error instanceof StreamMalformedError) throw error;
    throw new StreamInterruptedError(error);
  }
  if (events === 0) throw new StreamMalformedError('the response carried no server-sent events');
  // A stream that ends without a finish reason nor [DONE] was cut: never pass off half an answer as whole.
  if (!finish && !done) throw new StreamInterruptedError();
  if (toolCalls.size > 0) {
    for (const [index, toolCall] of toolCalls.finish().entries())
      yield { type: 'tool-call-end', index, toolCall };
  }
  // Some servers report "stop" after tool calls; the calls are what the agent must act on.
  const reason = toolCalls.size > 0 ? 'tool-calls' : (finish?.reason ?? 'stop');
  yield { type: 'finish', reason, rawReason: finish?.rawReason ?? '[DONE]' };
}

interface WireChunk {
  choices?: Array<{
    delta?: {
      content?: string | null;
      tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
    finish_reason?: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: { message?: string };
}
