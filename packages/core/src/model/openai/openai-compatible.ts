import {
  AbortedError,
  ConfigurationError,
  isAbortError,
  StreamInterruptedError,
  StreamMalformedError,
} from '../../errors.js';
import { EventChannel } from '../../event-channel.js';
import type {
  ChatModel,
  ModelCapabilities,
  ModelEvent,
  ModelRequest,
  ReasoningEffort,
} from '../chat-model.js';
import { type CreditsLeft, withCredits } from '../credits.js';
import { parseEventJson, postForEventStream } from '../http-call.js';
import { ModelTimeoutError } from '../model-errors.js';
import { type SseChunks, sseChunks } from '../sse-events.js';
import type { ModelTimeouts } from '../stream-timeouts.js';
import { recoverTextToolCalls } from '../text-tool-calls.js';
import { OPENAI_CHUNK, type OpenAIChunk, OpenAIChunkReader } from './openai-chunk-reader.js';
import { openAIRequestBody } from './openai-messages.js';

/** Options of {@link openAICompatible}. */
export interface OpenAICompatibleOptions {
  /** Base URL ending in `/v1`: OpenAI, the agent-chat proxy, Ollama, llama.cpp server, vLLM, OpenRouter… */
  baseURL: string;
  /** Model name as the endpoint knows it (`autoModel()` picks one from the endpoint's list). */
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
  /** `reasoning_effort` for every call that does not set its own (OpenAI o-series and gpt-5, xAI, Groq…). */
  reasoningEffort?: ReasoningEffort;
  /** Limits of one call: time to the response headers (default 60 000 ms) and between body chunks (30 000 ms). */
  timeouts?: ModelTimeouts;
  /**
   * A tool call the model writes as its text (`{"name","arguments"}`, a fenced JSON block,
   * `<tool_call>…</tool_call>`, as small models often do) becomes a tool call; default true. `false` keeps it as text.
   */
  textToolCalls?: boolean;
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
    throw new ConfigurationError('openAICompatible: model is required, e.g. { model: "gpt-4o-mini" }.');
  const baseURL = options.baseURL.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const url = `${baseURL}/chat/completions`;
  return {
    id: `${options.provider ?? 'openai'}:${options.model}`,
    capabilities: { ...DEFAULT_CAPABILITIES, ...options.capabilities },
    stream: (request, { signal } = {}) =>
      options.textToolCalls === false
        ? streamCompletion(doFetch, url, options, request, signal)
        : recoverTextToolCalls(streamCompletion(doFetch, url, options, request, signal), request.tools),
  };
}

/**
 * One streamed call: the request is sent at the first `next()`, and the events each read of the body
 * completes are handed to the consumer as they come (an {@link EventChannel}: no generator on every
 * event's path). A consumer that stops early leaves the rest of the body to drain.
 */
function streamCompletion(
  doFetch: typeof fetch,
  url: string,
  options: OpenAICompatibleOptions,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): AsyncIterable<ModelEvent> {
  let chunks: SseChunks | undefined;
  // The consumer stopped early: the rest of the body drains unread.
  let stopped = false;
  const read = async (channel: EventChannel<ModelEvent>) => {
    const opened = await openCompletion(doFetch, url, options, request, signal);
    chunks = opened.chunks;
    const { credits } = opened;
    const reader = new OpenAIChunkReader();
    let events = 0;
    let done = false;
    try {
      for (let batch = await chunks.next(); batch; batch = done || stopped ? undefined : await chunks.next())
        for (const message of batch) {
          events++;
          done = message.data === '[DONE]';
          if (done) break;
          const chunk = parseEventJson<OpenAIChunk>(message.data, OPENAI_CHUNK, 'OpenAI-compatible');
          for (const event of withCredits(reader.read(chunk), credits)) channel.push(event);
        }
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
      if (error instanceof ModelTimeoutError || error instanceof StreamMalformedError) throw error;
      throw new StreamInterruptedError(error);
    } finally {
      chunks.stop();
    }
    // After the consumer stopped, what follows goes to a closed channel, which drops it.
    if (events === 0) throw new StreamMalformedError('the response carried no server-sent events');
    // A stream that ends without a finish reason nor [DONE] was cut: never pass off half an answer as whole.
    if (!reader.finishReason && !done) throw new StreamInterruptedError();
    for (const event of withCredits(reader.end('[DONE]'), credits)) channel.push(event);
  };
  return new EventChannel<ModelEvent>((channel) => {
    read(channel).then(
      () => channel.close(),
      (error: unknown) => channel.close({ error }),
    );
    return () => {
      stopped = true;
      chunks?.stop();
    };
  });
}

/** Sends the call; its event stream a body chunk at a time, and the credits its headers report. */
async function openCompletion(
  doFetch: typeof fetch,
  url: string,
  options: OpenAICompatibleOptions,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): Promise<{ chunks: SseChunks; credits: CreditsLeft | undefined }> {
  const { body, credits } = await postForEventStream(
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
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      body: {
        model: options.model,
        ...openAIRequestBody(
          options.reasoningEffort && !request.reasoningEffort
            ? { ...request, reasoningEffort: options.reasoningEffort }
            : request,
        ),
      },
    },
    signal,
  );
  return { chunks: sseChunks(body), credits };
}
