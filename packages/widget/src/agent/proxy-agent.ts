import {
  type Agent,
  type AgentEvent,
  type ChatModel,
  ConfigurationError,
  type ConversationStore,
  createAgent,
  estimateTokenCounter,
  openAICompatible,
  type ReasoningEffort,
  type RunLog,
  type Tool,
  ToolRegistry,
} from '@agent-chat/core';
import { defaultCheckpoints } from '../conversations/default-checkpoints.js';
import { databaseName } from '../conversations/default-store.js';
import type { WidgetMcp } from '../mcp/mcp-start.js';
import { resumeOn } from '../shared/run-record.js';
import { type PageTool, toTools } from '../tools/page-tools.js';
import { RunTracker } from './resume/run-tracker.js';

/** What the element's attributes and `.tools` property say about the agent to build. */
export interface ProxyAgentOptions {
  /** Origin of the agent-chat proxy, e.g. `http://127.0.0.1:8787`; the model endpoint is `${proxyUrl}/v1`. */
  proxyUrl: string | undefined;
  /** `openai` (default) or `built-in`. */
  provider?: string | undefined;
  model: string | undefined;
  /** `reasoning-effort`: sent as `reasoning_effort` to the proxy's model. */
  reasoningEffort?: string | undefined;
  systemPrompt: string | undefined;
  tools: readonly PageTool[];
  /** Tools of the element itself (e.g. `read_attachment`); a stable array. */
  extraTools: readonly Tool[];
  /** Kept across rebuilds so a changed attribute does not lose the conversation. */
  store: ConversationStore;
  /** The started MCP hub of `mcp-servers`, if any; the agent offers its tools (lazily above its threshold). */
  mcp?: WidgetMcp | undefined;
  /** `provider="built-in"`: builds the browser-model (loaded lazily by the caller) over the proxy's model, if any. */
  builtIn?: ((remote: ChatModel | undefined) => ChatModel) | undefined;
  /** `provider="anthropic"`: builds the Messages API model (loaded lazily by the caller). */
  anthropic?: typeof import('./anthropic-model.js').anthropicProxyModel | undefined;
  /** How model calls reach the proxy, e.g. with a client token (`token-url`, `turnstile-site-key`); default `fetch`. */
  fetch?: typeof fetch | undefined;
  /** Dual-track memory; default on. */
  memory?: boolean;
  workflows?: boolean;
  clarify?: boolean;
  reflect?: boolean;
  runLog?: RunLog | undefined;
  /** The element: its runs resume after a reload or a drop unless it says `resume="off"` (issue 42). */
  host?: HTMLElement | undefined;
}

// One tracker per element, kept across rebuilds of its agent (a changed attribute) so a run in flight stays recorded.
const trackers = new WeakMap<HTMLElement, RunTracker>();

/**
 * Builds the agent an `<agent-chat>` configured by attributes talks to: an OpenAI-compatible model
 * behind the agent-chat proxy (or the browser's own model with `provider="built-in"`), with the page's
 * tools, memory and the supervisor's actions the attributes turn on; the page's own tools (WebMCP) can be
 * swapped later with `setPageTools`. Throws `ConfigurationError` saying what to set.
 */
export function createProxyAgent(options: ProxyAgentOptions): {
  agent: Agent;
  /** Puts the page's tools (WebMCP) in place of those it had, each under a name no other tool has. */
  setPageTools(tools: readonly Tool[]): void;
} {
  const systemPrompt = options.systemPrompt?.trim();
  // Model calls name their conversation (`X-Conversation-Id`), so a proxy with transcripts on keeps a
  // conversation's turns together and can delete them when the visitor does (issue 43).
  let conversationId: string | undefined;
  const send = options.fetch;
  const fetchNamed: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (conversationId) headers.set('X-Conversation-Id', conversationId);
    return (send ?? fetch)(input, { ...init, headers });
  };
  const host = options.host;
  let tracker: RunTracker | undefined;
  if (resumeOn(host)) {
    tracker = trackers.get(host) ?? new RunTracker(host);
    trackers.set(host, tracker);
  }
  const track = (tool: Tool<unknown, unknown>) => (tracker ? tracker.tool(tool) : tool);
  // The caller may add and remove tools later (the page's WebMCP tools), also during a run.
  const registry = new ToolRegistry();
  const agent = createAgent({
    model: agentModel({ ...options, fetch: tracker ? tracker.fetch(fetchNamed) : fetchNamed }),
    tools: registry.register(...[...toTools(options.tools), ...options.extraTools].map(track)),
    store: options.store,
    // Paused runs outlive a reload: an approval asked for, or one given just before (see resume/answer-again.ts).
    ...(host ? { checkpoints: defaultCheckpoints(databaseName(host)) } : {}),
    // The calibrated estimate counts tokens for memory: no tokenizer download before the first answer.
    memory: options.memory === false ? false : { counter: estimateTokenCounter() },
    workflows: options.workflows ?? false,
    clarify: options.clarify ?? false,
    reflect: options.reflect ?? false,
    ...(options.runLog ? { runLog: options.runLog } : {}),
    // The agent offers the hub's tools (catalog + load_tools once they are many) and the hub answers the
    // questions its servers wait on (elicitations) when the element calls respond.
    ...(options.mcp ? { mcp: options.mcp.hub } : {}),
    ...(systemPrompt ? { systemPrompt } : {}),
  });
  // A new conversation gets its id inside the run: `run.start` names it before any model call.
  const named = async function* (events: AsyncGenerator<AgentEvent, void, undefined>) {
    for await (const event of events) {
      if (event.type === 'run.start') conversationId = event.conversationId;
      yield event;
    }
  };
  const { run, respond } = agent;
  agent.run = (input) => {
    conversationId = input.conversationId;
    const start = (given: typeof input) => run.call(agent, given);
    return named(tracker ? tracker.track(start, input) : start(input));
  };
  // A run continued by an answer is recorded too, with the answer: a reload picks it up by answering again.
  agent.respond = (requestId, value, given) => {
    const start = () => respond.call(agent, requestId, value, given);
    return named(tracker ? tracker.track(start, { message: '' }, undefined, { requestId, value }) : start());
  };
  // The page's tools (WebMCP) change while the page lives, also during a run; they record their results
  // like the element's, so a run picked up after a reload gives them back too.
  let pageTools: Tool<unknown, unknown>[] = [];
  const setPageTools = (tools: readonly Tool[]) => {
    for (const old of pageTools) if (registry.get(old.name) === old) registry.unregister(old.name);
    pageTools = tools.filter((t) => !registry.has(t.name)).map(track);
    registry.register(...pageTools);
  };
  return { agent, setPageTools };
}

const EFFORTS: readonly ReasoningEffort[] = ['minimal', 'low', 'medium', 'high'];

function agentModel(options: ProxyAgentOptions): ChatModel {
  const effort = options.reasoningEffort?.trim() || undefined;
  if (effort && !(EFFORTS as readonly string[]).includes(effort))
    throw new ConfigurationError(
      `<agent-chat>: reasoning-effort must be one of ${EFFORTS.join(', ')}, got "${effort}".`,
    );
  if (options.provider === 'built-in' && options.builtIn) {
    const url = options.proxyUrl?.trim();
    const name = options.model?.trim();
    // The browser's own model where it has one; the proxy's model, when configured, everywhere else.
    return options.builtIn(
      url && name ? proxyModel(url, name, effort as ReasoningEffort | undefined, options.fetch) : undefined,
    );
  }
  const proxyUrl = options.proxyUrl?.trim();
  if (!proxyUrl)
    throw new ConfigurationError(
      '<agent-chat> is not configured: set the proxy-url and model attributes (e.g. proxy-url="https://my-proxy.workers.dev" model="gpt-4o-mini"), or set the .agent property to an agent made with createAgent().',
    );
  const model = options.model?.trim();
  if (!model)
    throw new ConfigurationError(
      `<agent-chat>: the model attribute is required with proxy-url, e.g. model="gpt-4o-mini" (a model the proxy at ${proxyUrl} allows).`,
    );
  if (options.provider === 'anthropic' && options.anthropic)
    return options.anthropic(
      `${proxyUrl.replace(/\/+$/, '')}/v1`,
      model,
      effort as ReasoningEffort | undefined,
      options.fetch,
    );
  return proxyModel(proxyUrl, model, effort as ReasoningEffort | undefined, options.fetch);
}

/** The OpenAI-compatible model behind the proxy at `proxyUrl`. */
export function proxyModel(
  proxyUrl: string,
  model: string,
  reasoningEffort?: ReasoningEffort,
  fetch?: typeof globalThis.fetch,
): ChatModel {
  return openAICompatible({
    baseURL: `${proxyUrl.trim().replace(/\/+$/, '')}/v1`,
    model,
    ...(reasoningEffort ? { reasoningEffort } : {}),
    ...(fetch ? { fetch } : {}),
  });
}
