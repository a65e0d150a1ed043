import { ConfigurationError } from '../errors.js';
import type { ChatModel, ModelCapabilities, ModelEvent } from './chat-model.js';
import { LocalModelUnavailableError, ModelNotFoundError, ToolsUnsupportedError } from './model-errors.js';
import { missingCapability } from './request-needs.js';

/**
 * Local-first fallback (ADR-008): each call goes to the first model that can do the job — the local
 * one unless WebGPU is missing, memory or quota is short, or the request needs a capability it lacks
 * (tools, images, JSON schema, context length); then the next. Only "cannot do the job" moves on:
 * rate limits, server errors and cut streams are thrown as they are, never answered by another
 * model. A model found unable to run is skipped for the rest of the session. Each call starts with a
 * `decided` event naming the model and the reason.
 *
 * @example
 * const model = fallback([webLLM(), openAICompatible({ baseURL: '/v1', model: 'gpt-4o-mini' })]);
 */
export function fallback(models: ChatModel[]): ChatModel {
  if (!Array.isArray(models) || models.length === 0 || models.some((m) => typeof m?.stream !== 'function'))
    throw new ConfigurationError(
      'fallback: pass a list of models, local first, e.g. fallback([webLLM(), openAICompatible({…})]).',
    );
  const unavailable = new Map<ChatModel, string>();
  const ids = models.map((m) => m.id);
  const capabilities: ModelCapabilities = {
    tools: models.some((m) => m.capabilities.tools),
    jsonSchema: models.some((m) => m.capabilities.jsonSchema),
    vision: models.some((m) => m.capabilities.vision),
    contextWindow: Math.max(...models.map((m) => m.capabilities.contextWindow)),
  };
  return {
    id: `fallback(${ids.join(', ')})`,
    capabilities,
    async *stream(request, options) {
      const skipped: string[] = [];
      for (const [position, model] of models.entries()) {
        const last = position === models.length - 1;
        const why = unavailable.get(model) ?? missingCapability(request, model.capabilities);
        if (why && !last) {
          skipped.push(`${model.id}: ${why}`);
          continue;
        }
        const reason = skipped.length
          ? `skipped ${skipped.join('; ')}`
          : position === 0
            ? 'first choice can do the job'
            : 'can do the job';
        yield { type: 'decided', model: model.id, reason, candidates: ids } satisfies ModelEvent;
        let answered = false;
        try {
          for await (const event of model.stream(request, options)) {
            if (event.type !== 'loading' && event.type !== 'decided') answered = true;
            yield event.type === 'usage' ? { ...event, model: event.model ?? model.id } : event;
          }
          return;
        } catch (error) {
          // Once the model has said something, another model must not silently start over.
          if (answered || last || !cannotDoTheJob(error)) throw error;
          const message = (error as Error).message;
          if (error instanceof LocalModelUnavailableError || error instanceof ModelNotFoundError)
            unavailable.set(model, message);
          skipped.push(`${model.id}: ${message}`);
        }
      }
    },
  };
}

/** Failures that say the model cannot serve this kind of request at all, as opposed to transient ones. */
function cannotDoTheJob(error: unknown): boolean {
  return (
    error instanceof LocalModelUnavailableError ||
    error instanceof ToolsUnsupportedError ||
    error instanceof ModelNotFoundError
  );
}
