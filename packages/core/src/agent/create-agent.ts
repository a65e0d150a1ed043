import { rejectUnknownOptions } from '../config/unknown-options.js';
import { type EfficiencyLog, type EfficiencyLogOptions, efficiencyLog } from '../context/efficiency-log.js';
import { ConfigurationError } from '../errors.js';
import type { AgentEvent, DecisionMode } from '../events.js';
import { RETRIEVE_FULL_CONTEXT } from '../memory/built-in-tool-names.js';
import type { ConversationStore } from '../memory/conversation-store.js';
import type { DualTrackOptions } from '../memory/dual-track-memory.js';
import { memoryStore } from '../memory/memory-store.js';
import type { ChatModel } from '../model/chat-model.js';
import type { ImageInput } from '../model/messages.js';
import type { RetryOptions } from '../model/retry.js';
import type { RunLog } from '../telemetry/run-log.js';
import type { Tool } from '../tools/tool.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import type { McpToolLoading } from './mcp-tool-source.js';
import { runAgent } from './run-agent.js';
import {
  memoryCheckpointStore,
  type PendingRequest,
  type RunCheckpointStore,
} from './run-checkpoint-store.js';
import type { RunSettings } from './run-settings.js';
import { UnknownRequestError } from './unknown-request-error.js';

/** Limits of one run. */
export interface AgentLimits {
  /** Model calls per run before the run stops with status `max-turns`; default 15. */
  maxTurns?: number;
  /** Reflection rounds before the supervisor must answer; default 5. */
  maxIterations?: number;
  /** Workflow steps of one batch running at once; default 4. */
  maxParallelSteps?: number;
  /** Tokens (input + output, over all model calls) one run may use; the context is compacted to fit. */
  tokenBudget?: number;
}

/** Options of {@link createAgent}. */
export interface AgentOptions {
  model: ChatModel;
  /** Tools from `defineTool`, or a {@link ToolRegistry} the app can add to later. */
  // biome-ignore lint/suspicious/noExplicitAny: tools of any argument type are accepted; each validates its own.
  tools?: Tool<any, unknown>[] | ToolRegistry;
  /** Sent with every model call; never stored in the conversation. */
  systemPrompt?: string;
  /** Where conversations are kept; default an in-memory store. */
  store?: ConversationStore;
  limits?: AgentLimits;
  /** Offer the built-in `plan_workflow` tool (CREATE_WORKFLOW); default false. */
  workflows?: boolean;
  /** Offer the built-in `ask_user` tool (CLARIFY); default false. */
  clarify?: boolean;
  /** Rate tool results after each tool turn (satisfied / need_more / blocked); default false. */
  reflect?: boolean;
  /**
   * `auto` (default): native tool calling when the model supports it, JSON decisions otherwise. Asking
   * for `native-tools` with a model that has no tool calling is a configuration error, never a downgrade.
   */
  decisionMode?: 'auto' | DecisionMode;
  /** Retry of transient model failures; default 3 retries with backoff. `false` turns it off. */
  retry?: RetryOptions | false;
  /** Where paused runs (clarifications, approvals) are kept; default in memory. */
  checkpoints?: RunCheckpointStore;
  /** Receives a JSONL record of every model call, tool call, decision and error. */
  runLog?: RunLog;
  /**
   * Dual-track memory (summarised context with `[ID:…]` labels, `retrieve_full_context`, context
   * budgeting): `true` for the defaults, or options. Off by default. Tools get the run's memory as `ctx.memory`.
   */
  memory?: boolean | DualTrackOptions;
  /** A (cheaper) model that writes memory summaries; without one they are extractive. */
  summarizer?: ChatModel;
  /** Rolling window, drift threshold and input price of the efficiency log. */
  efficiency?: EfficiencyLogOptions;
  /**
   * An `McpHub` (or any {@link McpToolSource}): the agent offers its tools and routes the servers'
   * questions through `respond`. Also given to tools as `ctx.mcp`.
   */
  mcp?: unknown;
  /**
   * How the tools of `mcp` are offered: by default every definition while they are small, and above
   * 1000 estimated tokens the catalog plus a built-in `load_tools` (lazy loading). `false`: offer none
   * (pass `tools: await hub.tools(names)` to pick some yourself).
   */
  mcpTools?: McpToolLoading | false;
}

/** Input of one run. */
export interface RunInput {
  /** The user's message. */
  message: string;
  /** Conversation to continue; a new id is generated when omitted (see the `run.start` event). */
  conversationId?: string;
  /** Images sent with the message to a vision model (`data:` or https URLs); kept with the message. */
  images?: ImageInput[];
  /** Stops the model stream and running tools. */
  signal?: AbortSignal;
}

/** An agent: call `run()` per user message and iterate its events. */
export interface Agent {
  readonly model: ChatModel;
  readonly store: ConversationStore;
  readonly tools: ReadonlyMap<string, Tool>;
  /** How the supervisor talks to this model. */
  readonly decisionMode: DecisionMode;
  /** Context efficiency per model call (raw vs sent tokens, method, drift); filled when memory is on. */
  readonly efficiency: EfficiencyLog;
  run(input: RunInput): AsyncGenerator<AgentEvent, void, undefined>;
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
  /** Requests paused runs wait on (of one conversation, or all), e.g. to show them again after a reload. */
  pending(conversationId?: string): Promise<PendingRequest[]>;
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
  const limits = options.limits ?? {};
  const maxTurns = positiveInteger('maxTurns', limits.maxTurns ?? 15);
  const maxIterations = positiveInteger('maxIterations', limits.maxIterations ?? 5);
  const maxParallelSteps = positiveInteger('maxParallelSteps', limits.maxParallelSteps ?? 4);
  const tools = options.tools instanceof ToolRegistry ? options.tools : new ToolRegistry(options.tools ?? []);
  const requested = options.decisionMode ?? 'auto';
  if (requested === 'native-tools' && !model.capabilities?.tools)
    throw new ConfigurationError(
      `createAgent: decisionMode "native-tools" needs a model with tool calling, and ${model.id} has none; use "auto" or "json".`,
    );
  const mode: DecisionMode =
    requested === 'auto' ? (model.capabilities?.tools ? 'native-tools' : 'json') : requested;
  const store = options.store ?? memoryStore();
  const checkpoints = options.checkpoints ?? memoryCheckpointStore();
  const tokenBudget =
    limits.tokenBudget === undefined ? undefined : positiveInteger('tokenBudget', limits.tokenBudget);
  const memoryOptions = options.memory === true ? {} : options.memory || undefined;
  if (memoryOptions && tools.has(RETRIEVE_FULL_CONTEXT))
    throw new ConfigurationError(
      `createAgent: the tool name "${RETRIEVE_FULL_CONTEXT}" is reserved by memory; rename your tool or turn memory off.`,
    );
  const memory: DualTrackOptions | undefined = memoryOptions
    ? { ...(options.summarizer ? { summarizer: options.summarizer } : {}), ...memoryOptions }
    : undefined;
  const efficiency = efficiencyLog(options.efficiency);
  const settings: RunSettings = {
    model,
    tools,
    store,
    checkpoints,
    runLog: options.runLog,
    maxTurns,
    maxIterations,
    maxParallelSteps,
    systemPrompt: options.systemPrompt,
    mode,
    workflows: options.workflows ?? false,
    clarify: options.clarify ?? false,
    reflect: options.reflect ?? false,
    retry: options.retry ?? {},
    memory,
    efficiency,
    tokenBudget,
    mcp: options.mcp,
    mcpTools: mcpToolLoading(options.mcpTools),
  };
  const answering = new Set<string>();

  async function* respond(
    requestId: string,
    value: unknown,
    respondOptions: { signal?: AbortSignal } = {},
  ): AsyncGenerator<AgentEvent, void, undefined> {
    // A question an MCP server is waiting on (elicitation, sampling consent) is answered in place: the
    // tool call that asked is still running in its run, which goes on by itself.
    const hub = options.mcp as
      | { pendingRequests?: string[]; respond?(id: string, answer: never): boolean }
      | undefined;
    if (hub?.pendingRequests?.includes(requestId) && hub.respond) {
      hub.respond(requestId, value as never);
      return;
    }
    // Claimed before the first await, so two answers to one request cannot both run the tool.
    if (answering.has(requestId)) throw new UnknownRequestError(requestId);
    answering.add(requestId);
    try {
      const checkpoint = await checkpoints.findByRequest(requestId);
      const request = checkpoint?.requests.find((r) => r.requestId === requestId);
      if (!checkpoint || !request || request.approved !== undefined) throw new UnknownRequestError(requestId);
      const signal = respondOptions.signal ? { signal: respondOptions.signal } : {};
      if (request.kind === 'clarify') {
        const message = typeof value === 'string' ? value : JSON.stringify(value);
        yield* runAgent(settings, { conversationId: checkpoint.conversationId, message, ...signal });
        return;
      }
      // `{ approved }` is accepted too: it is what form-based UIs naturally send.
      if (
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { approved?: unknown }).approved === 'boolean'
      )
        value = (value as { approved: boolean }).approved;
      if (typeof value !== 'boolean')
        throw new ConfigurationError(
          `agent.respond: an approval is answered with true or false, got ${JSON.stringify(value)}.`,
        );
      request.approved = value;
      if (checkpoint.requests.some((r) => r.kind === 'approval' && r.approved === undefined)) {
        await checkpoints.save(checkpoint);
        return;
      }
      yield* runAgent(settings, { resume: checkpoint, ...signal });
    } finally {
      answering.delete(requestId);
    }
  }

  return {
    model,
    store,
    tools,
    decisionMode: mode,
    efficiency,
    run: (input) => runAgent(settings, input),
    respond,
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

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigurationError(`createAgent: limits.${name} must be a positive integer, got ${value}.`);
  return value;
}

function mcpToolLoading(value: McpToolLoading | false | undefined): McpToolLoading | false {
  if (value === false || value === undefined) return value ?? {};
  if (value.mode !== undefined && !['auto', 'lazy', 'eager'].includes(value.mode))
    throw new ConfigurationError(
      `createAgent: mcpTools.mode must be "auto", "lazy" or "eager", got ${JSON.stringify(value.mode)}.`,
    );
  for (const key of ['lazyAboveTokens', 'catalogMaxTokens'] as const) {
    const n = value[key];
    if (n !== undefined && (!Number.isInteger(n) || n < 0))
      throw new ConfigurationError(
        `createAgent: mcpTools.${key} must be a whole number of tokens, got ${n}.`,
      );
  }
  return value;
}
