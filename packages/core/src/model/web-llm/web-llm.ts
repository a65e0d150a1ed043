import {
  AbortedError,
  AgentChatError,
  ConfigurationError,
  isAbortError,
  StreamInterruptedError,
} from '../../errors.js';
import type { ChatModel, ModelCapabilities, ModelEvent, ModelRequest } from '../chat-model.js';
import { ModelNotFoundError, ToolsUnsupportedError } from '../model-errors.js';
import { type OpenAIChunk, OpenAIChunkReader } from '../openai/openai-chunk-reader.js';
import { toOpenAIMessage } from '../openai/openai-messages.js';
import { recoverTextToolCalls } from '../text-tool-calls.js';
import type { WebLLMChatRequest, WebLLMEngine } from './web-llm-engine.js';
import { LocalModelLoader, type WebLLMLoadOptions } from './web-llm-loader.js';
import { DEFAULT_LOCAL_MODEL, localCapabilities, localModelInfo } from './web-llm-models.js';

/** Options of {@link webLLM}. */
export interface WebLLMOptions extends WebLLMLoadOptions {
  /** web-llm model id; default {@link DEFAULT_LOCAL_MODEL}. See `LOCAL_MODELS` for the short list. */
  model?: string;
  capabilities?: Partial<ModelCapabilities>;
  /** A tool call the model writes as its text instead of in web-llm's tool format becomes a tool call; default true. */
  textToolCalls?: boolean;
}

/** A local {@link ChatModel} that can also free its GPU memory. */
export interface WebLLMModel extends ChatModel {
  /** Terminates the engine (and its worker); the next call loads the model again, from the cache. */
  unload(): Promise<void>;
}

/**
 * A {@link ChatModel} that runs on the user's GPU with @mlc-ai/web-llm, in a Web Worker. web-llm is
 * loaded by dynamic `import()` on the first call; WebGPU, adapter limits and storage quota are checked
 * before anything is downloaded ({@link LocalModelUnavailableError} otherwise). The first call yields
 * `loading` events (download, compile, ready); weights stay in the browser cache across reloads.
 * Aborting a call interrupts generation; aborting while loading cancels the load.
 *
 * @example
 * const model = webLLM({ model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' });
 */
export function webLLM(options: WebLLMOptions = {}): WebLLMModel {
  const modelId = options.model ?? DEFAULT_LOCAL_MODEL;
  if (typeof modelId !== 'string' || modelId.trim() === '')
    throw new ConfigurationError(
      `webLLM: model must be a web-llm model id such as "${DEFAULT_LOCAL_MODEL}".`,
    );
  const info = localModelInfo(modelId);
  const capabilities = { ...localCapabilities(info), ...options.capabilities };
  const loader = new LocalModelLoader(modelId, info, options);
  const id = `webllm:${modelId}`;
  return {
    id,
    capabilities,
    unload: () => loader.unload(),
    async *stream(request, { signal } = {}) {
      if (request.tools?.length && !capabilities.tools)
        throw new ToolsUnsupportedError(modelId, 'web-llm calls tools only with Hermes models');
      const engine: WebLLMEngine = yield* loader.load(id, signal);
      const events = generate(engine, modelId, capabilities, request, signal);
      yield* options.textToolCalls === false ? events : recoverTextToolCalls(events, request.tools);
    },
  };
}

async function* generate(
  engine: WebLLMEngine,
  modelId: string,
  capabilities: ModelCapabilities,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  if (signal?.aborted) throw new AbortedError(signal.reason);
  const native = Boolean(request.tools?.length && capabilities.tools);
  const body: WebLLMChatRequest = {
    messages: webLLMMessages(request, modelId, native),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (native)
    body.tools = request.tools!.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  if (request.responseFormat)
    body.response_format = { type: 'json_object', schema: JSON.stringify(request.responseFormat.schema) };
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;

  const onAbort = () => engine.interruptGenerate();
  signal?.addEventListener('abort', onAbort, { once: true });
  const reader = new OpenAIChunkReader();
  // In tool mode web-llm streams the model's raw tool-call JSON as content, then the parsed calls in
  // the last chunk: hold the text back and show it only if the turn turns out to be an answer.
  const held: string[] = [];
  try {
    let chunks: AsyncIterable<OpenAIChunk>;
    try {
      chunks = await engine.chat.completions.create(body);
    } catch (error) {
      throw classify(error, modelId);
    }
    for await (const chunk of chunks) {
      if (signal?.aborted) break;
      for (const event of reader.read(chunk)) {
        if (native && event.type === 'text-delta') held.push(event.text);
        else yield event;
      }
    }
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    throw error instanceof AgentChatError ? error : new StreamInterruptedError(error);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (signal?.aborted || reader.finishReason === 'abort') throw new AbortedError(signal?.reason);
  // web-llm ends every generation with a finish reason: chunks that stop without one were cut.
  if (!reader.finishReason) throw new StreamInterruptedError();
  const ending = [...reader.end('stop')];
  if (held.length && !ending.some((event) => event.type === 'tool-call-end'))
    yield { type: 'text-delta', text: held.join('') };
  yield* ending;
}

/** web-llm's message rules: Hermes-2-Pro takes no custom system prompt with tools, so it joins the first user turn. */
function webLLMMessages(
  request: ModelRequest,
  modelId: string,
  native: boolean,
): Array<Record<string, unknown>> {
  const messages = request.messages.map(toOpenAIMessage);
  if (!(native && modelId.startsWith('Hermes-2-Pro'))) return messages;
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const rest = messages.filter((m) => m.role !== 'system');
  const first = rest.find((m) => m.role === 'user');
  if (system && first && typeof first.content === 'string') first.content = `${system}\n\n${first.content}`;
  return rest;
}

function classify(error: unknown, modelId: string): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (/not (found|supported) in (the )?(app)?config|Cannot find model record/i.test(message))
    return new ModelNotFoundError({ model: modelId, providerMessage: message, cause: error });
  return error;
}
