import { AbortedError, isAbortError } from '../../errors.js';
import type { ChatModel, ModelCapabilities, ModelEvent, ModelRequest } from '../chat-model.js';
import type { Message } from '../messages.js';
import { LocalModelUnavailableError, ToolsUnsupportedError } from '../model-errors.js';
import {
  type LanguageModelExpected,
  type LanguageModelMessage,
  type LanguageModelStatic,
  languageModelGlobal,
} from './prompt-api.js';

/** Options of {@link builtInAI}. */
export interface BuiltInAIOptions {
  /** Languages of the conversation (BCP 47), sent as `expectedInputs` / `expectedOutputs`; default `['en']`. */
  languages?: string[];
  /** Overrides what the model is assumed to support. */
  capabilities?: Partial<ModelCapabilities>;
  /** The `LanguageModel` to use instead of the browser's global (tests). */
  languageModel?: LanguageModelStatic;
}

const MODEL_ID = 'built-in:gemini-nano';

/**
 * A {@link ChatModel} over the browser's own model (Chrome's Prompt API, `LanguageModel`): nothing for the
 * site to download or host. Without native tool calling, the agent decides in JSON, constrained by
 * `responseConstraint`. The first call reports the browser's model download as `loading` events. Where
 * the API is missing or says `unavailable`, it throws {@link LocalModelUnavailableError}, so
 * `fallback([builtInAI(), remote])` moves on and says why.
 *
 * @example
 * const model = fallback([builtInAI(), openAICompatible({ baseURL: '/v1', model: 'gpt-4o-mini' })]);
 */
export function builtInAI(options: BuiltInAIOptions = {}): ChatModel {
  const languages = options.languages ?? ['en'];
  const expected: LanguageModelExpected[] = [{ type: 'text', languages }];
  return {
    id: MODEL_ID,
    capabilities: {
      tools: false,
      jsonSchema: true,
      vision: false,
      contextWindow: 6_144,
      ...options.capabilities,
    },
    stream: (request, { signal } = {}) =>
      streamPrompt(options.languageModel ?? languageModelGlobal(), expected, request, signal),
  };
}

async function* streamPrompt(
  api: LanguageModelStatic | undefined,
  expected: LanguageModelExpected[],
  request: ModelRequest,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  if (!api)
    throw new LocalModelUnavailableError(
      'built-in-unavailable',
      "This browser has no built-in model (Chrome's Prompt API, LanguageModel): use Chrome 138+ on desktop, or another model.",
    );
  if (request.tools?.length) throw new ToolsUnsupportedError(MODEL_ID, 'the Prompt API has no tool calling');
  const availability = await api.availability({ expectedInputs: expected, expectedOutputs: expected });
  if (availability === 'unavailable')
    throw new LocalModelUnavailableError(
      'built-in-unavailable',
      'The browser says its built-in model is unavailable on this device (hardware, disk space or language).',
    );
  const { initialPrompts, prompt } = toPrompt(request.messages);
  // Download progress arrives through the monitor while `create` waits; relay it as it comes.
  const progress: number[] = [];
  let wake: (() => void) | undefined;
  const creating = api.create({
    initialPrompts,
    expectedInputs: expected,
    expectedOutputs: expected,
    ...(signal ? { signal } : {}),
    monitor: (monitor) =>
      monitor.addEventListener('downloadprogress', (event) => {
        progress.push(Number((event as Event & { loaded?: number }).loaded ?? 0));
        wake?.();
      }),
  });
  let created = false;
  creating
    .catch(() => {})
    .finally(() => {
      created = true;
      wake?.();
    });
  const downloads = availability !== 'available';
  while (!created || progress.length > 0) {
    const fraction = progress.shift();
    if (fraction === undefined) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      continue;
    }
    if (downloads) yield loading('download', fraction);
  }
  let session: Awaited<typeof creating>;
  try {
    session = await creating;
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    throw new LocalModelUnavailableError(
      'engine-failed',
      `The built-in model could not start: ${String(error)}`,
      error,
    );
  }
  if (downloads) yield loading('ready', 1);
  yield* answer(session, prompt, request, signal);
}

/** Streams the session's answer to the prompt, then destroys the session. */
async function* answer(
  session: Awaited<ReturnType<LanguageModelStatic['create']>>,
  prompt: string,
  request: ModelRequest,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelEvent> {
  try {
    const stream = session.promptStreaming(prompt, {
      ...(signal ? { signal } : {}),
      ...(request.responseFormat ? { responseConstraint: request.responseFormat.schema } : {}),
    });
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value) yield { type: 'text-delta', text: value };
    }
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new AbortedError(error);
    throw error;
  } finally {
    session.destroy();
  }
  yield { type: 'finish', reason: 'stop', rawReason: 'stop' };
}

function loading(phase: 'download' | 'ready', fraction: number): ModelEvent {
  return {
    type: 'loading',
    model: MODEL_ID,
    progress: { phase, fraction: Math.min(1, Math.max(0, fraction)) },
  };
}

/**
 * The conversation as the Prompt API takes it: everything but the last message as `initialPrompts` (one
 * system message first; tool traffic as plain text), the last message as the prompt.
 */
function toPrompt(messages: readonly Message[]): { initialPrompts: LanguageModelMessage[]; prompt: string } {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const rest: LanguageModelMessage[] = messages
    .filter((m) => m.role !== 'system')
    .map((m) =>
      m.role === 'tool'
        ? { role: 'user', content: `Result of ${m.toolName}: ${m.content}` }
        : { role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content },
    );
  const last = rest.pop();
  return {
    initialPrompts: [...(system ? [{ role: 'system' as const, content: system }] : []), ...rest],
    prompt: last?.content ?? '',
  };
}
