import { ConfigurationError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import { memoryStore } from '../memory/memory-store.js';
import type { ChatModel } from '../model/chat-model.js';
import type { Tool } from '../tools/tool.js';
import { runAgent } from './run-agent.js';

/** Limits of one run. */
export interface AgentLimits {
  /** Model calls per run before the run stops with status `max-turns`; default 15. */
  maxTurns?: number;
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
  const settings = { model, tools, store, maxTurns, systemPrompt: options.systemPrompt };
  return {
    model,
    store,
    tools,
    run: (input) => runAgent(settings, input),
  };
}
