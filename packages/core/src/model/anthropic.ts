import {
  AbortedError,
  ConfigurationError,
  isAbortError,
  ModelCallError,
  StreamInterruptedError,
  StreamMalformedError,
} from '../errors.js';
import { anthropicRequestBody } from './anthropic-messages.js';
import type { ChatModel, FinishReason, ModelCapabilities, ModelEvent, ModelRequest } from './chat-model.js';
import { mapFinishReason } from './finish-reason.js';
import { parseEventJson, postForEventStream } from './http-call.js';
import { sseEvents } from './sse-events.js';

/** Options of {@link anthropic}. */
export interface AnthropicOptions {
  /** e.g. `claude-sonnet-4-5`. */
  model: string;
  /** Base URL ending in `/v1`; default `https://api.anthropic.com/v1`. In the browser, the agent-chat proxy's `/v1`. */
  baseURL?: string;
  /** Sent as `x-api-key`. Leave unset in the browser: the proxy adds the key. */
  apiKey?: string;
  /** `max_tokens` when the request sets none; default 4096 (the API requires one). */
  maxTokens?: number;
  /** `anthropic-version` header; default `2023-06-01`. */
  version?: string;
  headers?: Record<string, string>;
  capabilities?: Partial<ModelCapabilities>;
  fetch?: typeof fetch;
}

const EXPECTED = 'the Anthropic Messages API (/v1) or the agent-chat proxy';
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
 * A {@link ChatModel} for the Anthropic Messages API with streaming tool use: text deltas, `tool_use`
 * blocks whose input arrives as `input_json_delta` fragments, usage and stop reasons. A request with
 * `responseFormat` forces a tool with that schema and streams its input as the answer text.
 *
 * @example
 * const model = anthropic({ baseURL: 'https://my-proxy.workers.dev/v1', model: 'claude-haiku-4-5' });
 */
export function anthropic(options: AnthropicOptions): ChatModel {
  if (!options.model)
    throw new ConfigurationError('anthropic: model is required, e.g. { model: "claude-haiku-4-5" }.');
  const baseURL = options.baseURL ?? 'https://api.anthropic.com/v1';
  if (!/^https?:\/\//.test(baseURL))
    throw new ConfigurationError(
      `anthropic: baseURL must be an http(s) URL ending in /v1, got ${JSON.stringify(baseURL)}.`,
    );
  const url = `${baseURL.replace(/\/+$/, '')}/messages`;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    id: `anthropic:${options.model}`,
    capabilities: {
      tools: true,
      jsonSchema: true,
      vision: true,
      contextWindow: 200_000,
      ...options.capabilities,
    },
    stream: (request, { signal } = {}) => streamMessages(doFetch, url, options, request, signal),
  };
}

async function* streamMessages(
  doFetch: typeof fetch,
  url: string,
  options: AnthropicOptions,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  const headers: Record<string, string> = {
    'anthropic-version': options.version ?? '2023-06-01',
    ...options.headers,
  };
  if (options.apiKey) {
    headers['x-api-key'] = options.apiKey;
    // Anthropic refuses keyed calls from browsers unless the page says it knows the key is exposed.
    if (typeof document !== 'undefined') headers['anthropic-dangerous-direct-browser-access'] = 'true';
  }
  const body = await postForEventStream(
    doFetch,
    {
      url,
      model: options.model,
      withTools: Boolean(request.tools?.length),
      expected: EXPECTED,
      headers,
      body: {
        model: options.model,
        max_tokens: request.maxTokens ?? options.maxTokens ?? 4096,
        stream: true,
        ...anthropicRequestBody(request),
      },
    },
    signal,
  );
  const jsonTool = request.responseFormat?.name;
  const blocks = new Map<
    number,
    { kind: 'tool' | 'json' | 'other'; call?: number; id: string; name: string; args: string }
  >();
  let calls = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let sawUsage = false;
  let finish: { reason: FinishReason; rawReason: string } | undefined;
  let stopped = false;
  let events = 0;
  try {
    for await (const message of sseEvents(body)) {
      events++;
      const event = parseEventJson<WireEvent>(message.data, EXPECTED);
      switch (event.type) {
        case 'message_start': {
          const usage = event.message?.usage;
          if (usage) {
            sawUsage = true;
            inputTokens =
              (usage.input_tokens ?? 0) +
              (usage.cache_creation_input_tokens ?? 0) +
              (usage.cache_read_input_tokens ?? 0);
            outputTokens = usage.output_tokens ?? 0;
          }
          break;
        }
        case 'content_block_start': {
          const block = event.content_block;
          const index = event.index ?? 0;
          if (block?.type === 'tool_use' && block.name === jsonTool)
            blocks.set(index, { kind: 'json', id: block.id ?? '', name: block.name ?? '', args: '' });
          else if (block?.type === 'tool_use') {
            const entry = {
              kind: 'tool' as const,
              call: calls++,
              id: block.id || `toolu_${index}`,
              name: block.name ?? '',
              args: '',
            };
            blocks.set(index, entry);
            yield { type: 'tool-call-start', index: entry.call, id: entry.id, name: entry.name };
          } else {
            blocks.set(index, { kind: 'other', id: '', name: '', args: '' });
            if (block?.type === 'text' && block.text) yield { type: 'text-delta', text: block.text };
          }
          break;
        }
        case 'content_block_delta': {
          const delta = event.delta;
          const entry = blocks.get(event.index ?? 0);
          if (delta?.type === 'text_delta' && delta.text) yield { type: 'text-delta', text: delta.text };
          else if (delta?.type === 'input_json_delta' && delta.partial_json && entry) {
            entry.args += delta.partial_json;
            if (entry.kind === 'json') yield { type: 'text-delta', text: delta.partial_json };
            else if (entry.kind === 'tool')
              yield {
                type: 'tool-call-delta',
                index: entry.call!,
                id: entry.id,
                argumentsDelta: delta.partial_json,
              };
          }
          break;
        }
        case 'content_block_stop': {
          const entry = blocks.get(event.index ?? 0);
          if (entry?.kind === 'tool')
            yield {
              type: 'tool-call-end',
              index: entry.call!,
              toolCall: { id: entry.id, name: entry.name, arguments: entry.args || '{}' },
            };
          break;
        }
        case 'message_delta':
          if (event.delta?.stop_reason)
            finish = { reason: mapFinishReason(event.delta.stop_reason), rawReason: event.delta.stop_reason };
          if (event.usage?.output_tokens !== undefined) {
            sawUsage = true;
            outputTokens = event.usage.output_tokens;
            if (event.usage.input_tokens) inputTokens = event.usage.input_tokens;
          }
          break;
        case 'message_stop':
          stopped = true;
          break;
        case 'error': {
          const type = event.error?.type ?? 'api_error';
          throw new ModelCallError({
            status: ERROR_STATUS[type] ?? 500,
            providerMessage: `${type}: ${event.error?.message ?? ''}`,
            url,
          });
        }
      }
      if (stopped) break;
    }
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    if (error instanceof StreamMalformedError || error instanceof ModelCallError) throw error;
    throw new StreamInterruptedError(error);
  }
  if (events === 0)
    throw new StreamMalformedError('the response carried no server-sent events', undefined, EXPECTED);
  if (!stopped && !finish) throw new StreamInterruptedError();
  if (sawUsage)
    yield { type: 'usage', usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens } };
  // A forced JSON tool ends with stop_reason tool_use, but for the caller it is the answer.
  const reason =
    calls > 0 ? 'tool-calls' : finish?.reason === 'tool-calls' ? 'stop' : (finish?.reason ?? 'stop');
  yield { type: 'finish', reason, rawReason: finish?.rawReason ?? 'message_stop' };
}

interface WireEvent {
  type: string;
  index?: number;
  message?: { usage?: WireUsage };
  content_block?: { type?: string; id?: string; name?: string; text?: string };
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string | null };
  usage?: WireUsage;
  error?: { type?: string; message?: string };
}

interface WireUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}
