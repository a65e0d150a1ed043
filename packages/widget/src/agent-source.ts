import type { Agent, AgentEvent, ConversationStore, McpHub, PythonFile, Tool } from '@agent-chat/core';
import type { ReactiveController, ReactiveElement } from 'lit';
import type { BuiltInTools } from './built-in-tools.js';
import { McpConnection } from './mcp-connection.js';
import type { PageTool } from './page-tools.js';
import { createProxyAgent, type ProxyAgentOptions } from './proxy-agent.js';
import { checkProvider, type McpServerConfig } from './widget-config.js';

/** The element's settings the agent is built from. */
export interface AgentSourceHost extends ReactiveElement {
  agent: Agent | undefined;
  proxyUrl: string | undefined;
  provider: string | undefined;
  model: string | undefined;
  reasoningEffort: string | undefined;
  systemPrompt: string | undefined;
  mcpServers: McpServerConfig[] | Error | undefined;
  tools: readonly PageTool[];
  codeInterpreter: boolean;
  pyodideUrl: string | undefined;
  imageModel: string | undefined;
  turnstileSiteKey: string | undefined;
  conversationId: string | undefined;
}

/**
 * The agent messages go to: the `.agent` property, or one built from the attributes (lazily, and again
 * when they change), with the MCP hub of `mcp-servers` started on first use and closed with the element.
 */
export class AgentSource implements ReactiveController {
  #built: { agent: Agent; options: ProxyAgentOptions } | undefined;
  readonly #mcp = new McpConnection();
  readonly #host: AgentSourceHost;
  readonly #files: () => PythonFile[];
  // Loaded (a chunk of its own) only for an element with code-interpreter or image-model.
  #builtIns: Promise<BuiltInTools> | undefined;
  #extra: { given: readonly Tool[]; builtIn: readonly Tool[]; tools: readonly Tool[] } | undefined;
  #turnstile: import('./turnstile-token.js').TurnstileToken | undefined;

  readonly #beforeRun: ((hub: McpHub) => Promise<void>) | undefined;

  /**
   * `files`: the conversation's attachments, for the code interpreter; `beforeRun`: called with the
   * started MCP hub before each message (the Connect prompt of servers that need sign-in).
   */
  constructor(
    host: AgentSourceHost,
    files: () => PythonFile[] = () => [],
    beforeRun?: (hub: McpHub) => Promise<void>,
  ) {
    this.#host = host;
    this.#files = files;
    this.#beforeRun = beforeRun;
    host.addController(this);
  }

  /** The agent for the next message; throws `ConfigurationError` saying what to set. */
  async resolve(store: ConversationStore, extraTools: readonly Tool[]): Promise<Agent> {
    const host = this.#host;
    if (host.agent) return host.agent;
    checkProvider(host.provider);
    if (host.mcpServers instanceof Error) throw host.mcpServers;
    const fetch = await this.#tokenFetch();
    const mcp = await this.#mcp.get(host.proxyUrl, host.model, host.mcpServers ?? [], fetch);
    if (mcp && this.#beforeRun) await this.#beforeRun(mcp.hub);
    const options: ProxyAgentOptions = {
      proxyUrl: host.proxyUrl,
      provider: host.provider,
      model: host.model,
      reasoningEffort: host.reasoningEffort,
      systemPrompt: host.systemPrompt,
      tools: host.tools,
      extraTools: await this.#withBuiltIns(extraTools),
      store,
      mcp,
      builtIn: host.provider === 'built-in' ? (await import('./built-in-model.js')).builtInModel : undefined,
      anthropic:
        host.provider === 'anthropic'
          ? (await import('./anthropic-model.js')).anthropicProxyModel
          : undefined,
      fetch,
    };
    const built = this.#built;
    if (
      built &&
      (Object.keys(options) as (keyof ProxyAgentOptions)[]).every((k) => built.options[k] === options[k])
    )
      return built.agent;
    const agent = createProxyAgent(options);
    this.#built = { agent, options };
    return agent;
  }

  /**
   * Answers a paused run's question or approval. Resolves with the continued run's events when the
   * agent hands them back, or undefined when it continues in the run already being shown.
   */
  async respond(
    requestId: string,
    value: unknown,
    cannotRespond: string,
  ): Promise<AsyncIterable<AgentEvent> | undefined> {
    const agent = this.#host.agent ?? this.#built?.agent;
    if (!agent || typeof agent.respond !== 'function') throw new Error(cannotRespond);
    const result: unknown = await agent.respond(requestId, value);
    if (!result || typeof (result as AsyncIterable<AgentEvent>)[Symbol.asyncIterator] !== 'function')
      return undefined;
    return result as AsyncIterable<AgentEvent>;
  }

  /** The element's tools plus the built-in ones its attributes turn on, as one array kept while both stay. */
  async #withBuiltIns(given: readonly Tool[]): Promise<readonly Tool[]> {
    const host = this.#host;
    if (!host.codeInterpreter && !host.imageModel?.trim() && !this.#builtIns) return given;
    this.#builtIns ??= import('./built-in-tools.js').then((module) => new module.BuiltInTools(this.#files));
    const builtIn = (await this.#builtIns).tools(host, host.conversationId);
    const extra = this.#extra;
    if (extra && extra.given === given && extra.builtIn === builtIn) return extra.tools;
    const tools = builtIn.length ? [...given, ...builtIn] : given;
    this.#extra = { given, builtIn, tools };
    return tools;
  }

  /** With `turnstile-site-key`: a fetch that carries the client token it trades a Turnstile check for. */
  async #tokenFetch(): Promise<typeof fetch | undefined> {
    const host = this.#host;
    const siteKey = host.turnstileSiteKey?.trim();
    const proxyUrl = host.proxyUrl?.trim();
    if (!siteKey || !proxyUrl) return undefined;
    const current = this.#turnstile;
    if (current?.siteKey === siteKey && current.proxyUrl === proxyUrl) return current.fetch;
    const { TurnstileToken } = await import('./turnstile-token.js');
    this.#turnstile = new TurnstileToken(host, proxyUrl, siteKey);
    return this.#turnstile.fetch;
  }

  /** The MCP settings changed: the next message starts a new hub. */
  stopMcp(): void {
    this.#mcp.stop();
  }

  hostDisconnected(): void {
    this.#mcp.stop();
    this.#builtIns?.then((tools) => tools.dispose());
  }
}
