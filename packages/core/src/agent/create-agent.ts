import { rejectUnknownOptions } from '../config/unknown-options.js';
import type { EfficiencyLog } from '../context/efficiency-log.js';
import { ConfigurationError } from '../errors.js';
import type { AgentEvent, DecisionMode } from '../events.js';
import type { ChatModel } from '../model/chat-model.js';
import type { AgentLimits, AgentOptions } from './agent-options.js';
import { runSettingsOf } from './agent-settings.js';
import type { ChatAgent } from './chat-agent.js';
import { runAgent } from './run-agent.js';

export type { AgentLimits, AgentOptions } from './agent-options.js';
export type { ChatAgent } from './chat-agent.js';
export type { RunInput } from './run-input.js';

/** An agent: call `run()` per user message and iterate its events. The {@link ChatAgent} contract, with its model. */
export interface Agent extends ChatAgent {
  readonly model: ChatModel;
  /** How the supervisor talks to this model. */
  readonly decisionMode: DecisionMode;
  /** Context efficiency per model call (raw vs sent tokens, method, drift); filled when memory is on. */
  readonly efficiency: EfficiencyLog;
  /**
   * Answers a `clarify.request` (any value, used as the user's next message) or an `approval.request`
   * (`true` / `false`) and continues the paused run, also after a page reload when the agent's
   * `checkpoints` store persists. Iterate the returned events like `run()`'s; with several approvals in
   * one turn, the run continues once all are answered.
   */
  respond(
    requestId: string,
    value: unknown,
    options?: { signal?: AbortSignal },
  ): AsyncGenerator<AgentEvent, void, undefined>;
}

/**
 * Creates an agent whose supervisor answers, calls tools (all calls of a turn in parallel), plans
 * workflows or asks the user, and keeps the conversation, including the hidden tool history, in its store.
 *
 * @example
 * const agent = createAgent({ model, tools: [weather], systemPrompt: 'You are helpful.' });
 * for await (const event of agent.run({ message: 'Weather in Paris?' })) console.log(event.type);
 */
export function createAgent(options: AgentOptions): Agent {
  rejectUnknownOptions('createAgent', options, AGENT_OPTIONS, { limits: LIMITS });
  const { model } = options;
  if (!model || typeof model.stream !== 'function')
    throw new ConfigurationError(
      'createAgent: model is required, e.g. openAICompatible({ baseURL, model }).',
    );
  const settings = runSettingsOf(options);
  const { checkpoints } = settings;
  const answering = new Set<string>();
  return {
    model,
    store: settings.store,
    tools: settings.tools,
    decisionMode: settings.mode,
    efficiency: settings.efficiency,
    run: (input) => runAgent(settings, input),
    // Loaded on first use: a plain chat never answers a request.
    async *respond(requestId, value, respondOptions = {}) {
      const { respondToRequest } = await import('./respond.js');
      yield* respondToRequest(settings, answering, { requestId, value, signal: respondOptions.signal });
    },
    async pending(conversationId) {
      const found = conversationId
        ? [await checkpoints.load(conversationId)].filter((c) => c !== undefined)
        : await checkpoints.list();
      return found.flatMap((c) => c.requests.filter((r) => r.approved === undefined));
    },
  };
}

/** Every option of {@link createAgent}; typed so that a new option cannot be forgotten here. */
const AGENT_OPTIONS = Object.keys({
  model: 1,
  tools: 1,
  systemPrompt: 1,
  store: 1,
  limits: 1,
  workflows: 1,
  clarify: 1,
  reflect: 1,
  decisionMode: 1,
  retry: 1,
  checkpoints: 1,
  runLog: 1,
  telemetry: 1,
  memory: 1,
  summarizer: 1,
  efficiency: 1,
  mcp: 1,
  mcpTools: 1,
} satisfies Record<keyof AgentOptions, 1>);
const LIMITS = Object.keys({
  maxTurns: 1,
  maxIterations: 1,
  maxParallelSteps: 1,
  tokenBudget: 1,
} satisfies Record<keyof AgentLimits, 1>);
