import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { AbortedError, ConfigurationError, StreamInterruptedError } from '../errors.js';
import type {
  ChatModel,
  FinishReason,
  ModelCapabilities,
  ModelEvent,
  ModelRequest,
} from '../model/chat-model.js';
import { fromAISDKError } from './ai-sdk-errors.js';
import { type SupportedSpecification, toAISDKPrompt } from './ai-sdk-prompt.js';

/** The AI SDK language model specification versions {@link fromAISDK} accepts (`ai@7` uses v4). */
export const SUPPORTED_SPECIFICATIONS: readonly SupportedSpecification[] = ['v4', 'v3'];

/** Any AI SDK language model object: the spec version is checked at run time. */
export interface AISDKLanguageModel {
  readonly specificationVersion: string;
  readonly provider: string;
  readonly modelId: string;
  doStream(options: never): PromiseLike<unknown>;
}

/** Options of {@link fromAISDK}. */
export interface FromAISDKOptions {
  /** What the model can do; default tools and JSON schema on, vision off, a 128k context window. */
  capabilities?: Partial<ModelCapabilities>;
}

/**
 * Wraps an AI SDK `LanguageModel` (specification v4 as `ai@7` uses, or v3) as our {@link ChatModel}, so
 * the agent loop runs on any of the AI SDK's providers: text, reasoning, tool calls (streamed input),
 * usage and finish reasons become our model events; aborts stop the provider call; provider errors become
 * our typed errors (429 → `RateLimitedError`, 402 → `CreditsExhaustedError`, 5xx → retryable `ModelCallError`).
 *
 * @example
 * import { createAnthropic } from '@ai-sdk/anthropic';
 * const model = fromAISDK(createAnthropic({ apiKey })('claude-sonnet-4-5'));
 */
export function fromAISDK(model: AISDKLanguageModel, options: FromAISDKOptions = {}): ChatModel {
  const version = model?.specificationVersion;
  if (
    !model ||
    typeof model.doStream !== 'function' ||
    !SUPPORTED_SPECIFICATIONS.some((supported) => supported === version)
  )
    throw new ConfigurationError(
      `fromAISDK: the model's specificationVersion is ${JSON.stringify(version)}; supported versions are ${SUPPORTED_SPECIFICATIONS.join(' and ')} (ai@7 models are v4, ai@6 models v3). Upgrade the provider package.`,
    );
  const spec = model as LanguageModelV4;
  const id = `${model.provider}:${model.modelId}`;
  return {
    id,
    capabilities: {
      tools: true,
      jsonSchema: true,
      vision: false,
      contextWindow: 128_000,
      ...options.capabilities,
    },
    async *stream(request, { signal } = {}) {
      if (signal?.aborted) throw new AbortedError(signal.reason);
      let parts: ReadableStream<LanguageModelV4StreamPart>;
      try {
        ({ stream: parts } = await spec.doStream(
          callOptions(request, version as SupportedSpecification, signal),
        ));
      } catch (error) {
        throw fromAISDKError(error, id, signal);
      }
      yield* modelEvents(parts, id, signal);
    },
  };
}

function callOptions(
  request: ModelRequest,
  version: SupportedSpecification,
  signal: AbortSignal | undefined,
): LanguageModelV4CallOptions {
  const options: LanguageModelV4CallOptions = { prompt: toAISDKPrompt(request.messages, version) };
  if (request.tools?.length)
    options.tools = request.tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description,
      inputSchema: tool.parameters as never,
    }));
  if (request.maxTokens !== undefined) options.maxOutputTokens = request.maxTokens;
  if (request.temperature !== undefined) options.temperature = request.temperature;
  if (request.responseFormat)
    options.responseFormat = {
      type: 'json',
      name: request.responseFormat.name,
      schema: request.responseFormat.schema as never,
    };
  if (request.reasoningEffort && version === 'v4') options.reasoning = request.reasoningEffort;
  if (signal) options.abortSignal = signal;
  return options;
}

/** Reads the provider's stream parts and yields our model events; an `error` part is thrown typed. */
async function* modelEvents(
  parts: ReadableStream<LanguageModelV4StreamPart>,
  id: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  const reader = parts.getReader();
  const reasoning = new Map<string, string>();
  const calls = new Map<string, { index: number; name: string; started: boolean }>();
  const callIndex = (callId: string, name: string) => {
    let call = calls.get(callId);
    if (!call) {
      call = { index: calls.size, name, started: false };
      calls.set(callId, call);
    }
    return call;
  };
  let finished = false;
  try {
    while (true) {
      let next: ReadableStreamReadResult<LanguageModelV4StreamPart>;
      try {
        next = await reader.read();
      } catch (error) {
        throw fromAISDKError(error, id, signal);
      }
      if (next.done) {
        finished = true;
        return;
      }
      const part = next.value;
      switch (part.type) {
        case 'text-delta':
          if (part.delta) yield { type: 'text-delta', text: part.delta };
          break;
        case 'reasoning-start':
          reasoning.set(part.id, '');
          break;
        case 'reasoning-delta':
          reasoning.set(part.id, (reasoning.get(part.id) ?? '') + part.delta);
          if (part.delta) yield { type: 'reasoning-delta', text: part.delta };
          break;
        case 'reasoning-end':
          yield { type: 'reasoning-end', text: reasoning.get(part.id) ?? '' };
          reasoning.delete(part.id);
          break;
        case 'tool-input-start': {
          const call = callIndex(part.id, part.toolName);
          call.started = true;
          yield { type: 'tool-call-start', index: call.index, id: part.id, name: part.toolName };
          break;
        }
        case 'tool-input-delta': {
          const call = calls.get(part.id);
          if (call)
            yield { type: 'tool-call-delta', index: call.index, id: part.id, argumentsDelta: part.delta };
          break;
        }
        case 'tool-call':
          if (!part.providerExecuted) yield* toolCallEvents(part, callIndex(part.toolCallId, part.toolName));
          break;
        case 'error':
          throw fromAISDKError(part.error, id, signal);
        case 'finish':
          yield* finishEvents(part, id);
          break;
        case 'stream-start':
          for (const warning of part.warnings)
            yield { type: 'warning', message: `AI SDK model ${id}: ${JSON.stringify(warning)}` };
          break;
        default:
          break;
      }
    }
  } finally {
    // A consumer that stops early (or an abort) cancels the provider's stream, and with it the request.
    if (!finished) await reader.cancel(signal?.reason).catch(() => {});
    reader.releaseLock();
  }
}

/** A tool call the provider does not run itself: its start (unless streamed already) and end. */
function* toolCallEvents(
  part: Extract<LanguageModelV4StreamPart, { type: 'tool-call' }>,
  call: { index: number; started: boolean },
): Generator<ModelEvent> {
  if (!call.started) {
    call.started = true;
    yield { type: 'tool-call-start', index: call.index, id: part.toolCallId, name: part.toolName };
  }
  yield {
    type: 'tool-call-end',
    index: call.index,
    toolCall: { id: part.toolCallId, name: part.toolName, arguments: part.input || '{}' },
  };
}

/** The usage (when reported) and finish of the provider's `finish` part. */
function* finishEvents(
  part: Extract<LanguageModelV4StreamPart, { type: 'finish' }>,
  id: string,
): Generator<ModelEvent> {
  // The provider's stream ended without its completion signal: as our adapters do, a retryable cut.
  if (part.finishReason.unified === 'interrupted') throw new StreamInterruptedError();
  const input = part.usage.inputTokens.total;
  const output = part.usage.outputTokens.total;
  if (input !== undefined || output !== undefined)
    yield {
      type: 'usage',
      usage: {
        inputTokens: input ?? 0,
        outputTokens: output ?? 0,
        totalTokens: (input ?? 0) + (output ?? 0),
      },
      model: id,
    };
  yield {
    type: 'finish',
    reason: finishReason(part.finishReason.unified),
    rawReason: part.finishReason.raw ?? part.finishReason.unified,
  };
}

function finishReason(unified: string): FinishReason {
  return unified === 'stop' ||
    unified === 'tool-calls' ||
    unified === 'length' ||
    unified === 'content-filter'
    ? unified
    : 'other';
}
