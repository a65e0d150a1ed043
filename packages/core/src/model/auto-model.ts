import type { ChatModel } from './chat-model.js';
import { type OpenAICompatibleOptions, openAICompatible } from './openai/openai-compatible.js';
import { type ResolvedModel, resolveOpenAIModel } from './resolve-model.js';

/** Options of {@link autoModel}: those of `openAICompatible`, with `model` optional. */
export type AutoModelOptions = Omit<OpenAICompatibleOptions, 'model'> & {
  /** Preferred model; when the endpoint lacks it the call fails with `ModelNotFoundError` listing what it has. */
  model?: string;
  /** `best`: use the best available model instead of failing when `model` is missing. */
  whenMissing?: 'error' | 'best';
};

/**
 * An OpenAI-compatible model chosen from the endpoint's own list (ADR-004): on the first call it lists
 * `GET {baseURL}/models` and uses the configured model if present, else the smallest known
 * tool-capable chat model. The choice is announced as a `decided` event; a failed listing is retried
 * on the next call.
 *
 * @example
 * const model = autoModel({ baseURL: 'http://127.0.0.1:11434/v1' }); // whatever Ollama has pulled
 */
export function autoModel(options: AutoModelOptions): ChatModel {
  // Validates baseURL now, so bad configuration fails at construction like openAICompatible.
  openAICompatible({ ...options, model: options.model ?? 'auto' });
  const provider = options.provider ?? 'openai';
  let resolved: Promise<{ choice: ResolvedModel; model: ChatModel }> | undefined;
  const resolve = () =>
    resolveOpenAIModel(options).then((choice) => ({
      choice,
      model: openAICompatible({ ...options, model: choice.model }),
    }));
  return {
    id: `${provider}:${options.model ?? 'auto'}`,
    capabilities: {
      tools: true,
      jsonSchema: true,
      vision: false,
      contextWindow: 128_000,
      ...options.capabilities,
    },
    async *stream(request, streamOptions) {
      resolved ??= resolve();
      const { choice, model } = await resolved.catch((error: unknown) => {
        resolved = undefined;
        throw error;
      });
      yield { type: 'decided', model: model.id, reason: choice.reason, candidates: choice.candidates };
      yield* model.stream(request, streamOptions);
    },
  };
}
