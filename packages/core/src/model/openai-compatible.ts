import {
  AbortedError,
  ConfigurationError,
  isAbortError,
  ModelCallError,
  ModelUnreachableError,
  StreamInterruptedError,
  StreamMalformedError,
} from '../errors.js';
import type { ChatModel, FinishReason, ModelCapabilities, ModelEvent, ModelRequest } from './chat-model.js';
import type { Message } from './messages.js';
import { sseEvents } from './sse-events.js';
import { ToolCallAccumulator } from './tool-call-accumulator.js';

/** Options of {@link openAICompatible}. */
export interface OpenAICompatibleOptions {
  /** Base URL ending in `/v1`: OpenAI, the agent-chat proxy, Ollama, llama.cpp server, vLLM, OpenRouter… */
  baseURL: string;
  /** Model name as the endpoint knows it. */
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

/**
 * A {@link ChatModel} for any endpoint speaking the OpenAI Chat Completions streaming format.
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
    throw new ConfigurationError('openAICompatible: model is required, e.g. { model: "gpt-4o-mini" }.');
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    id: `${options.provider ?? 'openai'}:${options.model}`,
    capabilities: { ...DEFAULT_CAPABILITIES, ...options.capabilities },
    stream: (request, { signal } = {}) => streamCompletion(doFetch, url, options, request, signal),
  };
}

async function* streamCompletion(
  doFetch: typeof fetch,
  url: string,
  options: OpenAICompatibleOptions,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  const response = await send(doFetch, url, options, request, signal);
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream'))
    throw new StreamMalformedError(
      `expected a text/event-stream response, got "${contentType || 'no content type'}"`,
    );
  if (!response.body) throw new StreamMalformedError('the response has no body');

  const toolCalls = new ToolCallAccumulator();
  let finish: { reason: FinishReason; rawReason: string } | undefined;
  let done = false;
  let events = 0;
  try {
    for await (const message of sseEvents(response.body)) {
      events++;
      if (message.data === '[DONE]') {
        done = true;
        break;
      }
      const chunk = parseChunk(message.data);
      if (chunk.error)
        throw new StreamMalformedError(
          `the provider reported an error mid-stream: ${chunk.error.message ?? 'unknown'}`,
        );
      const choice = chunk.choices?.[0];
      const delta = choice?.delta;
      if (delta?.content) yield { type: 'text-delta', text: delta.content };
      for (const fragment of delta?.tool_calls ?? []) {
        const { started, call } = toolCalls.add({
          index: fragment.index ?? 0,
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

async function send(
  doFetch: typeof fetch,
  url: string,
  options: OpenAICompatibleOptions,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const body: Record<string, unknown> = {
    model: options.model,
    messages: request.messages.map(toWireMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (request.tools?.length)
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;

  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        ...options.headers,
      },
      body: JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    throw new ModelUnreachableError(url, error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ModelCallError({
      status: response.status,
      providerMessage: providerMessage(text),
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      url,
    });
  }
  return response;
}

function toWireMessage(message: Message): Record<string, unknown> {
  switch (message.role) {
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content || (message.toolCalls?.length ? null : ''),
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
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

function parseChunk(data: string): WireChunk {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) throw new TypeError('not an object');
    return value as WireChunk;
  } catch (error) {
    throw new StreamMalformedError(
      `an event is not a JSON object (${JSON.stringify(data.slice(0, 80))})`,
      error,
    );
  }
}

function mapFinishReason(raw: string): FinishReason {
  switch (raw) {
    case 'stop':
    case 'eos':
    case 'end_turn':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
    case 'tool_use':
      return 'tool-calls';
    case 'length':
    case 'max_tokens':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}

function providerMessage(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    if (typeof parsed.error === 'string') return parsed.error;
    return parsed.error?.message ?? parsed.message ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
