import { type EfficiencyLog, type EfficiencyLogOptions, efficiencyLog } from '../context/efficiency-log.js';
import { ConfigurationError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import { RETRIEVE_FULL_CONTEXT } from '../memory/built-in-tool-names.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import type { DualTrackOptions } from '../memory/dual-track-memory.js';
import { memoryStore } from '../memory/memory-store.js';
import type { ChatModel } from '../model/chat-model.js';
import type { Tool } from '../tools/tool.js';
import { runAgent } from './run-agent.js';

/** Limits of one run. */
export interface AgentLimits {
  /** Model calls per run before the run stops with status `max-turns`; default 15. */
  maxTurns?: number;
  /** Tokens (input + output, over all model calls) one run may use; the context is compacted to fit. */
  tokenBudget?: number;
}

/** Options of {@link createAgent}. */
export interface AgentOptions {
  model: ChatModel;
  // biome-ignore lint/suspicious/noExplicitAny: tools of any argument type are accepted; each validates its own.
  tools?: Tool<any, unknown>[];
  /** Sent with every model call; never stored in the conversation. */
  systemPrompt?: string;
  /** Where conversations are kept; default an in-memory store. */
  store?: ConversationStore;
  limits?: AgentLimits;
  /**
   * Dual-track memory (summarised context with `[ID:…]` labels, `retrieve_full_context`, context
   * budgeting): `true` for the defaults, or options. Off by default.
   */
  memory?: boolean | DualTrackOptions;
  /** A (cheaper) model that writes memory summaries; without one they are extractive. */
  summarizer?: ChatModel;
  /** Rolling window, drift threshold and input price of the efficiency log. */
  efficiency?: EfficiencyLogOptions;
}

/** Input of one run. */
export interface RunInput {
  /** The user's message. */
  message: string;
  /** Conversation to continue; a new id is generated when omitted (see the `run.start` event). */
  conversationId?: string;
  /** Stops the model stream and running tools. */
  signal?: AbortSignal;
}

/** An agent: call `run()` per user message and iterate its events. */
export interface Agent {
  readonly model: ChatModel;
  readonly store: ConversationStore;
  readonly tools: ReadonlyMap<string, Tool>;
  /** Context efficiency per model call (raw vs sent tokens, method, drift); filled when memory is on. */
  readonly efficiency: EfficiencyLog;
  run(input: RunInput): AsyncGenerator<AgentEvent, void, undefined>;
}

/**
 * Creates an agent that answers, calls tools in a multi-turn loop (all calls of a turn in parallel)
 * and keeps the conversation, including the hidden tool history, in its store.
 *
 * @example
 * const agent = createAgent({ model, tools: [weather], systemPrompt: 'You are helpful.' });
 * for await (const event of agent.run({ message: 'Weather in Paris?' })) console.log(event.type);
 */
export function createAgent(options: AgentOptions): Agent {
  const { model } = options;
  if (!model || typeof model.stream !== 'function')
    throw new ConfigurationError(
      'createAgent: model is required, e.g. openAICompatible({ baseURL, model }).',
    );
  const maxTurns = options.limits?.maxTurns ?? 15;
  if (!Number.isInteger(maxTurns) || maxTurns < 1)
    throw new ConfigurationError(`createAgent: limits.maxTurns must be a positive integer, got ${maxTurns}.`);
  const tools = new Map<string, Tool>();
  for (const tool of options.tools ?? []) {
    if (tools.has(tool.name))
      throw new ConfigurationError(
        `createAgent: two tools are named "${tool.name}"; tool names must be unique.`,
      );
    tools.set(tool.name, tool as Tool);
  }
  const store = options.store ?? memoryStore();
  const tokenBudget = options.limits?.tokenBudget;
  if (tokenBudget !== undefined && !(Number.isInteger(tokenBudget) && tokenBudget > 0))
    throw new ConfigurationError(
      `createAgent: limits.tokenBudget must be a positive integer, got ${tokenBudget}.`,
    );
  const memoryOptions = options.memory === true ? {} : options.memory || undefined;
  if (memoryOptions && tools.has(RETRIEVE_FULL_CONTEXT))
    throw new ConfigurationError(
      `createAgent: the tool name "${RETRIEVE_FULL_CONTEXT}" is reserved by memory; rename your tool or turn memory off.`,
    );
  const memory: DualTrackOptions | undefined = memoryOptions
    ? { ...(options.summarizer ? { summarizer: options.summarizer } : {}), ...memoryOptions }
    : undefined;
  const efficiency = efficiencyLog(options.efficiency);
  const settings = {
    model,
    tools,
    store,
    maxTurns,
    systemPrompt: options.systemPrompt,
    memory,
    efficiency,
    tokenBudget,
  };
  return {
    model,
    store,
    tools,
    efficiency,
    run: (input) => runAgent(settings, input),
  };
}
