import {
  AbortedError,
  ConfigurationError,
  isAbortError,
  ModelCallError,
  StreamInterruptedError,
  StreamMalformedError,
} from '../../errors.js';
import type { ChatModel, ModelCapabilities, ModelEvent, ModelRequest } from '../chat-model.js';
import { withCredits } from '../credits.js';
import { parseEventJson, postForEventStream } from '../http-call.js';
import { ModelTimeoutError } from '../model-errors.js';
import { sseEvents } from '../sse-event-stream.js';
import type { ModelTimeouts } from '../stream-timeouts.js';
import { ANTHROPIC_EVENT, type AnthropicEvent, AnthropicEventReader } from './anthropic-event-reader.js';
import { anthropicRequestBody } from './anthropic-messages.js';

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
  /** Extended thinking for every call that does not set its own: `{ budgetTokens: 2048 }` (at least 1024). */
  thinking?: { budgetTokens: number };
  /** Limits of one call: time to the response headers (default 60 000 ms) and between body chunks (30 000 ms). */
  timeouts?: ModelTimeouts;
  /** `anthropic-version` header; default `2023-06-01`. */
  version?: string;
  headers?: Record<string, string>;
  capabilities?: Partial<ModelCapabilities>;
  fetch?: typeof fetch;
}

const EXPECTED = 'the Anthropic Messages API (/v1) or the agent-chat proxy';

/**
 * A {@link ChatModel} for the Anthropic Messages API with streaming tool use: text deltas, `tool_use`
 * blocks whose input arrives as `input_json_delta` fragments, usage and stop reasons, and extended
 * thinking (`thinking` / `redacted_thinking` blocks, sent back with the tool results of the same run). A request with
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
  const thinking = request.thinking ?? options.thinking;
  const maxTokens = request.maxTokens ?? options.maxTokens ?? 4096;
  const { body, credits } = await postForEventStream(
    doFetch,
    {
      url,
      model: options.model,
      withTools: Boolean(request.tools?.length),
      expected: EXPECTED,
      headers,
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      body: {
        model: options.model,
        // The thinking budget is part of max_tokens, which must stay above it.
        max_tokens: thinking ? Math.max(maxTokens, thinking.budgetTokens + 1024) : maxTokens,
        stream: true,
        ...anthropicRequestBody(thinking ? { ...request, thinking } : request),
      },
    },
    signal,
  );
  const reader = new AnthropicEventReader(url, request.responseFormat?.name);
  let events = 0;
  try {
    for await (const message of sseEvents(body)) {
      events++;
      for (const event of withCredits(
        reader.read(parseEventJson<AnthropicEvent>(message.data, ANTHROPIC_EVENT, 'Anthropic', EXPECTED)),
        credits,
      ))
        yield event;
      if (reader.stopped) break;
    }
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    if (
      error instanceof ModelTimeoutError ||
      error instanceof StreamMalformedError ||
      error instanceof ModelCallError
    )
      throw error;
    throw new StreamInterruptedError(error);
  }
  if (events === 0)
    throw new StreamMalformedError('the response carried no server-sent events', undefined, EXPECTED);
  if (!reader.complete) throw new StreamInterruptedError();
  for (const event of withCredits(reader.end(), credits)) yield event;
}
