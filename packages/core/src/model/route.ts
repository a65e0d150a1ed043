import { ConfigurationError } from '../errors.js';
import type { ChatModel, ModelCapabilities, ModelRequest } from './chat-model.js';
import { estimateInputTokens } from './request-needs.js';

/** The models {@link route} chooses between, cheapest first. */
export interface RouteModels {
  simple: ChatModel;
  complex: ChatModel;
  /** Default `complex`. */
  reasoning?: ChatModel;
}

/** Options of {@link route}. */
export interface RouteOptions {
  /** Scores below `simple` go to the simple model, below `complex` to the complex one; default 0.3 / 0.7 (003 §3.2). */
  thresholds?: { simple: number; complex: number };
  /** Replaces {@link complexityScore}. */
  score?: (request: ModelRequest) => number;
}

const REASONING_WORDS =
  /\b(why|prove|derive|analy[sz]e|compare|trade-?offs?|plan|step[- ]by[- ]step|design|architecture|debug|explain how|reason|evaluate|optimi[sz]e)\b/gi;

/**
 * How demanding a request looks, 0…1, from what the user asked and what the call carries: the length
 * of the last user message (up to 0.3), reasoning words such as "why", "compare", "step by step" (up
 * to 0.3), tool results already in play — a multi-step task (up to 0.2), the size of the whole context
 * (up to 0.1) and the number of tools offered (up to 0.1).
 */
export function complexityScore(request: ModelRequest): number {
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const length = Math.min(lastUser.length / 1500, 1) * 0.3;
  const words = Math.min((lastUser.match(REASONING_WORDS)?.length ?? 0) / 3, 1) * 0.3;
  const toolResults = Math.min(request.messages.filter((m) => m.role === 'tool').length / 4, 1) * 0.2;
  const context = Math.min(estimateInputTokens(request) / 16_000, 1) * 0.1;
  const tools = Math.min((request.tools?.length ?? 0) / 10, 1) * 0.1;
  return Math.round((length + words + toolResults + context + tools) * 1000) / 1000;
}

/**
 * Cost routing (003 §3.2): each call goes to the simple, complex or reasoning model by the request's
 * {@link complexityScore}; a `decided` event says which, with the score. Capabilities are those all
 * three share, so the agent never relies on something one of them lacks.
 *
 * @example
 * const model = route({ simple: openAICompatible({ …, model: 'gpt-4o-mini' }), complex: anthropic({ model: 'claude-sonnet-4-5' }) });
 */
export function route(models: RouteModels, options: RouteOptions = {}): ChatModel {
  const { simple, complex } = models;
  const reasoning = models.reasoning ?? complex;
  if (!simple?.stream || !complex?.stream)
    throw new ConfigurationError(
      'route: simple and complex models are required, e.g. route({ simple, complex, reasoning }).',
    );
  const thresholds = options.thresholds ?? { simple: 0.3, complex: 0.7 };
  if (!(thresholds.simple <= thresholds.complex))
    throw new ConfigurationError('route: thresholds.simple must not exceed thresholds.complex.');
  const all = [simple, complex, reasoning];
  const capabilities: ModelCapabilities = {
    tools: all.every((m) => m.capabilities.tools),
    jsonSchema: all.every((m) => m.capabilities.jsonSchema),
    vision: all.every((m) => m.capabilities.vision),
    contextWindow: Math.min(...all.map((m) => m.capabilities.contextWindow)),
  };
  const ids = [...new Set(all.map((m) => m.id))];
  return {
    id: `route(${ids.join(', ')})`,
    capabilities,
    async *stream(request, streamOptions) {
      const score = (options.score ?? complexityScore)(request);
      const [tier, model] =
        score < thresholds.simple
          ? (['simple', simple] as const)
          : score < thresholds.complex
            ? (['complex', complex] as const)
            : (['reasoning', reasoning] as const);
      yield {
        type: 'decided',
        model: model.id,
        reason: `complexity ${score.toFixed(2)} → ${tier}`,
        candidates: ids,
      };
      for await (const event of model.stream(request, streamOptions))
        yield event.type === 'usage' ? { ...event, model: event.model ?? model.id } : event;
    },
  };
}
