import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
  SharedV4Warning,
} from '@ai-sdk/provider';
import type { ChatModel, ModelEvent, ModelRequest, ReasoningEffort } from '../model/chat-model.js';
import type { ToolCall } from '../model/messages.js';
import { ToolsUnsupportedError } from '../model/model-errors.js';
import { fromAISDKPrompt } from './ai-sdk-messages.js';

/**
 * Exposes any of our models (`webLLM()`, `builtInAI()`, `openAICompatible()`, `fallback([...])`…) as an AI
 * SDK `LanguageModel` (specification v4), so `streamText`, `generateText`, `generateObject` and
 * `ToolLoopAgent` run on it. Tool calls stream as tool input parts; the AI SDK runs the tools.
 *
 * @example
 * const result = streamText({ model: toAISDK(webLLM()), prompt: 'Hi', tools, stopWhen: stepCountIs(3) });
 */
export function toAISDK(model: ChatModel): LanguageModelV4 {
  const colon = model.id.indexOf(':');
  const provider = colon > 0 ? model.id.slice(0, colon) : 'agent-chat';
  return {
    specificationVersion: 'v4',
    provider,
    modelId: colon > 0 ? model.id.slice(colon + 1) : model.id,
    supportedUrls: {},
    doStream: async (options) => {
      const { request, warnings } = modelRequest(model, options);
      return { stream: streamParts(model, request, warnings, options.abortSignal) };
    },
    async doGenerate(options) {
      const { request, warnings } = modelRequest(model, options);
      const content: LanguageModelV4Content[] = [];
      let finishReason: LanguageModelV4FinishReason = { unified: 'other', raw: undefined };
      let usage = emptyUsage();
      const reader = streamParts(model, request, warnings, options.abortSignal).getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const part = next.value;
        const last = content.at(-1);
        if (part.type === 'text-delta') {
          if (last?.type === 'text') last.text += part.delta;
          else content.push({ type: 'text', text: part.delta });
        } else if (part.type === 'reasoning-delta') {
          if (last?.type === 'reasoning') last.text += part.delta;
          else content.push({ type: 'reasoning', text: part.delta });
        } else if (part.type === 'tool-call') content.push(part);
        else if (part.type === 'finish') ({ finishReason, usage } = part);
        else if (part.type === 'error') throw part.error;
      }
      return { content, finishReason, usage, warnings };
    },
  };
}

function modelRequest(
  model: ChatModel,
  options: LanguageModelV4CallOptions,
): { request: ModelRequest; warnings: SharedV4Warning[] } {
  const warnings: SharedV4Warning[] = [];
  const request: ModelRequest = { messages: fromAISDKPrompt(options.prompt) };
  const tools = options.toolChoice?.type === 'none' ? [] : (options.tools ?? []);
  const specs = tools.flatMap((tool) => {
    if (tool.type === 'function')
      return [
        {
          name: tool.name,
          description: tool.description ?? '',
          parameters: tool.inputSchema as Record<string, unknown>,
        },
      ];
    warnings.push({ type: 'unsupported', feature: `provider tool ${tool.name}` });
    return [];
  });
  if (specs.length) {
    if (!model.capabilities.tools)
      throw new ToolsUnsupportedError(
        model.id,
        'toAISDK: this model has no tool calling; call it without tools',
      );
    request.tools = specs;
  }
  if (options.maxOutputTokens !== undefined) request.maxTokens = options.maxOutputTokens;
  if (options.temperature !== undefined) request.temperature = options.temperature;
  if (
    options.responseFormat?.type === 'json' &&
    options.responseFormat.schema &&
    model.capabilities.jsonSchema
  )
    request.responseFormat = {
      type: 'json_schema',
      name: options.responseFormat.name ?? 'response',
      schema: options.responseFormat.schema as Record<string, unknown>,
    };
  const effort = options.reasoning;
  if (effort === 'minimal' || effort === 'low' || effort === 'medium' || effort === 'high')
    request.reasoningEffort = effort satisfies ReasoningEffort;
  for (const unsupported of [
    'topP',
    'topK',
    'seed',
    'stopSequences',
    'presencePenalty',
    'frequencyPenalty',
  ] as const)
    if (options[unsupported] !== undefined) warnings.push({ type: 'unsupported', feature: unsupported });
  return { request, warnings };
}

/** Our model events as AI SDK stream parts (text, reasoning and tool input blocks with ids, usage, finish). */
function streamParts(
  model: ChatModel,
  request: ModelRequest,
  warnings: SharedV4Warning[],
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV4StreamPart> {
  let iterator: AsyncIterator<ModelEvent> | undefined;
  return new ReadableStream<LanguageModelV4StreamPart>({
    async start(controller) {
      const emit = (part: LanguageModelV4StreamPart) => controller.enqueue(part);
      emit({ type: 'stream-start', warnings });
      let block = 0;
      let open: { kind: 'text' | 'reasoning'; id: string } | undefined;
      const close = () => {
        if (open) emit({ type: `${open.kind}-end`, id: open.id });
        open = undefined;
      };
      const openBlock = (kind: 'text' | 'reasoning') => {
        if (open?.kind === kind) return open.id;
        close();
        open = { kind, id: `${kind}-${block++}` };
        emit({ type: `${kind}-start`, id: open.id });
        return open.id;
      };
      let usage = emptyUsage();
      try {
        const events = model.stream(request, signal ? { signal } : {})[Symbol.asyncIterator]();
        iterator = events;
        for (let next = await events.next(); !next.done; next = await events.next()) handle(next.value);
        close();
        controller.close();
      } catch (error) {
        controller.error(error);
      }
      function handle(event: ModelEvent) {
        switch (event.type) {
          case 'text-delta':
            emit({ type: 'text-delta', id: openBlock('text'), delta: event.text });
            break;
          case 'reasoning-delta':
            emit({ type: 'reasoning-delta', id: openBlock('reasoning'), delta: event.text });
            break;
          case 'reasoning-end':
            if (open?.kind === 'reasoning') close();
            break;
          case 'tool-call-start':
            close();
            emit({ type: 'tool-input-start', id: event.id, toolName: event.name });
            break;
          case 'tool-call-delta':
            emit({ type: 'tool-input-delta', id: event.id, delta: event.argumentsDelta });
            break;
          case 'tool-call-end':
            for (const part of toolCallParts(event.toolCall)) emit(part);
            break;
          case 'usage':
            usage = sdkUsage(event.usage);
            break;
          case 'warning':
            warnings.push({ type: 'other', message: event.message });
            break;
          case 'finish':
            close();
            emit({ type: 'finish', usage, finishReason: { unified: event.reason, raw: event.rawReason } });
            break;
          default:
            // No AI SDK stream part for these; a new event type must be mapped above or listed here.
            event satisfies { type: 'loading' | 'decided' };
            break;
        }
      }
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}

/** A finished tool call: its input block ends, then the call itself. */
function toolCallParts(toolCall: ToolCall): LanguageModelV4StreamPart[] {
  return [
    { type: 'tool-input-end', id: toolCall.id },
    {
      type: 'tool-call',
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      input: toolCall.arguments || '{}',
    },
  ];
}

function sdkUsage(usage: { inputTokens: number; outputTokens: number }): LanguageModelV4Usage {
  return {
    inputTokens: {
      total: usage.inputTokens,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: usage.outputTokens, text: undefined, reasoning: undefined },
  };
}

function emptyUsage(): LanguageModelV4Usage {
  return {
    inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
}
