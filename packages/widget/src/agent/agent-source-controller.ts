import type {
  Agent,
  AgentEvent,
  ChatAgent,
  ConversationStore,
  McpHub,
  PythonFile,
  RunLogRecord,
  Tool,
} from '@agent-chat/core';
import type { ReactiveController, ReactiveElement } from 'lit';
import type { ConversationRunLog } from '../conversations/conversation-run-log.js';
import { deferredRunLog } from '../conversations/deferred-run-log.js';
import type { WidgetMcp } from '../mcp/mcp-start.js';
import { idle } from '../shared/idle.js';
import { proxyFetches } from '../shared/proxy-fetch.js';
import { checkProvider, type McpServerConfig } from '../shared/widget-config.js';
import type { BuiltInTools } from '../tools/built-in-tools.js';
import type { PageTool } from '../tools/page-tools.js';
import { WebMcpController } from '../webmcp/webmcp-controller.js';
import type { ClientToken } from './client-token.js';
import { McpConnection } from './mcp-connection.js';
import type { ProxyAgentOptions } from './proxy-agent.js';

/** The element's settings the agent is built from. */
export interface AgentSourceHost extends ReactiveElement {
  agent: ChatAgent | undefined;
  proxyUrl: string | undefined;
  provider: string | undefined;
  model: string | undefined;
  reasoningEffort: string | undefined;
  systemPrompt: string | undefined;
  mcpServers: McpServerConfig[] | Error | undefined;
  tools: readonly PageTool[];
  memory: string | undefined;
  workflows: boolean;
  clarify: boolean;
  reflect: boolean;
  tokenUrl: string | undefined;
  knowledge: string | undefined;
  codeInterpreter: boolean;
  pyodideUrl: string | undefined;
  pyodidePackagesUrl: string | undefined;
  imageModel: string | undefined;
  conversationId: string | undefined;
  turnstileSiteKey: string | undefined;
  agentUrl: string | undefined;
  agentProtocol: string | undefined;
  agentHeaders: string | undefined;
}

/** Tells the model to link what it found, so answers cite the site's documents. */
const CITE_SOURCES =
  'When you use rag_search results, cite each source you used as a Markdown link [title](source).';

/**
 * The agent messages go to: the `.agent` property, or one built from the attributes (lazily, and again
 * when they change) — the model behind the proxy with the `token-url` client token, memory, the
 * supervisor's actions, the knowledge tools, the MCP hub of `mcp-servers`, and the page's WebMCP tools,
 * which are swapped in its tool registry as they change, also during a run.
 */
export class AgentSourceController implements ReactiveController {
  /**
   * The run log of the attribute-built agent, per conversation: a lazy chunk, loaded when the browser is idle
   * after a run has finished (or at once to export it or add feedback); until then `#deferredLog` keeps the
   * records, so the first answer never waits for it.
   */
  #runLog: Promise<ConversationRunLog> | undefined;
  readonly #deferredLog = deferredRunLog(() => {
    if (!this.#runLog)
      idle(() =>
        this.#loadRunLog().catch((error: unknown) => {
          this.#runLog = undefined;
          console.error('<agent-chat>: could not load the run log', error);
        }),
      );
  });
  /** Runs that started before the run log was loaded. */
  readonly #runs: [string, string][] = [];
  #built:
    | { agent: Agent; options: ProxyAgentOptions; setPageTools(tools: readonly Tool[]): void }
    | undefined;
  #pageTools: readonly Tool[] = [];
  /** The remote agent of `agent-url`, once resolved (answers its approvals). */
  #remoteAgent: ChatAgent | undefined;
  #token: ClientToken | undefined;
  readonly #mcp = new McpConnection();
  readonly #host: AgentSourceHost;
  /** The page's WebMCP tools, kept in the built agent's registry as they change. */
  readonly #webMcp: WebMcpController;

  readonly #files: () => PythonFile[];
  // Loaded (a chunk of its own) only for an element with code-interpreter or image-model.
  #builtIns: Promise<BuiltInTools> | undefined;
  #extra: { given: readonly Tool[]; builtIn: readonly Tool[]; tools: readonly Tool[] } | undefined;

  #turnstile: import('./turnstile-token.js').TurnstileToken | undefined;
  readonly #beforeRun: ((hub: McpHub) => Promise<void>) | undefined;
  readonly #pendingTurn: (() => unknown) | undefined;

  /**
   * `files`: the conversation's attachments, for the code interpreter. `beforeRun`: awaited with the MCP
   * hub before each message (the Connect prompt of servers the user signs in to). `pendingTurn`: what a
   * redirect sign-in keeps while the tab is away (the message that waits).
   */
  constructor({
    host,
    files = () => [],
    beforeRun,
    pendingTurn,
  }: {
    host: AgentSourceHost;
    files?: () => PythonFile[];
    beforeRun?: (hub: McpHub) => Promise<void>;
    pendingTurn?: () => unknown;
  }) {
    this.#host = host;
    this.#files = files;
    this.#beforeRun = beforeRun;
    this.#pendingTurn = pendingTurn;
    host.addController(this);
    this.#webMcp = new WebMcpController({ host, onTools: (tools) => this.#setPageTools(tools) });
    proxyFetches.set(host, () => this.#proxyFetch());
  }

  /** The client token of `token-url`, if set (one per URL; its code is a lazy chunk). */
  async #clientToken(): Promise<ClientToken | undefined> {
    const url = this.#host.tokenUrl?.trim();
    if (!url) return undefined;
    const resolved = new URL(url, document.baseURI).href;
    if (this.#token?.url !== resolved) {
      const { ClientToken } = await import('./client-token.js');
      if (this.#token?.url !== resolved) {
        this.#token?.stop();
        this.#token = new ClientToken(resolved);
      }
    }
    return this.#token;
  }

  #loadRunLog(): Promise<ConversationRunLog> {
    this.#runLog ??= import('../conversations/conversation-run-log.js').then(({ ConversationRunLog }) => {
      const log = new ConversationRunLog();
      for (const [runId, conversationId] of this.#runs) log.started(runId, conversationId);
      this.#deferredLog.attach(log.log);
      return log;
    });
    return this.#runLog;
  }

  /** A run started in `conversationId`: its run-log records are kept under that conversation. */
  runStarted(runId: string, conversationId: string): void {
    this.#runs.push([runId, conversationId]);
    void this.#runLog?.then((log) => log.started(runId, conversationId));
  }

  /** Adds a record (the user's feedback) to the conversation's run log. */
  async log(conversationId: string, record: RunLogRecord): Promise<void> {
    (await this.#loadRunLog()).add(conversationId, record);
  }

  /** Downloads the conversation's run log as JSONL. */
  async downloadRunLog(conversationId: string): Promise<void> {
    (await this.#loadRunLog()).download(conversationId);
  }

  /**
   * The agent for the next message; throws `ConfigurationError` saying what to set, or
   * `TokenEndpointError` when no client token could be had (the caller keeps the typed message).
   */
  async resolve(store: ConversationStore, extraTools: readonly Tool[]): Promise<ChatAgent> {
    const host = this.#host;
    if (host.agent) return host.agent;
    if (host.agentUrl?.trim()) return this.#remote(store);
    checkProvider(host.provider);
    if (host.mcpServers instanceof Error) throw host.mcpServers;
    const fetch = await this.#proxyFetch();
    const mcp = await this.#startMcp(fetch);
    if (mcp && this.#beforeRun) await this.#beforeRun(mcp.hub);
    const knowledge = Boolean(host.knowledge?.trim());
    const systemPrompt = [host.systemPrompt?.trim(), knowledge ? CITE_SOURCES : undefined]
      .filter(Boolean)
      .join('\n\n');
    const options: ProxyAgentOptions = {
      proxyUrl: host.proxyUrl,
      model: host.model,
      reasoningEffort: host.reasoningEffort,
      provider: host.provider,
      systemPrompt: systemPrompt || undefined,
      tools: host.tools,
      extraTools: await this.#withBuiltIns(extraTools),
      store,
      mcp,
      builtIn: host.provider === 'built-in' ? (await import('./built-in-model.js')).builtInModel : undefined,
      anthropic:
        host.provider === 'anthropic'
          ? (await import('./anthropic-model.js')).anthropicProxyModel
          : undefined,
      // The browser's small model has no native tool calling: memory's tool would force JSON decisions, so
      // there memory is on only when the page asks for it.
      memory: host.memory === 'off' ? false : host.provider !== 'built-in' || host.memory !== undefined,
      workflows: host.workflows,
      clarify: host.clarify,
      reflect: host.reflect,
      fetch,
      runLog: this.#deferredLog,
      host,
    };
    const built = this.#built;
    if (built && sameOptions(built.options, options)) return built.agent;
    await this.#webMcp.ready;
    const { createProxyAgent } = await loadAgentChunk();
    const { agent, setPageTools } = createProxyAgent(options);
    this.#pageTools = this.#webMcp.tools;
    setPageTools(this.#pageTools);
    this.#built = { agent, options, setPageTools };
    return agent;
  }

  /** The remote agent of `agent-url` (its code is a lazy chunk), with the page's tools and the bearer token. */
  async #remote(store: ConversationStore): Promise<ChatAgent> {
    const host = this.#host;
    const token = await this.#clientToken();
    await this.#webMcp.ready;
    const chunk = await import('../remote/remote-source.js');
    this.#remoteAgent = chunk.remoteAgentFor(
      host,
      store,
      () => [host.tools, this.#webMcp.tools],
      token?.get.bind(token),
    );
    return this.#remoteAgent;
  }

  /**
   * The started hub of `mcp-servers` (undefined without servers, or with `.agent`), asking nothing of the
   * user: starting it finishes a redirect sign-in that came back.
   */
  async mcpHub(): Promise<McpHub | undefined> {
    const host = this.#host;
    if (host.agent || host.agentUrl || host.mcpServers instanceof Error) return undefined;
    return (await this.#startMcp(await this.#proxyFetch()))?.hub;
  }

  /** The fetch of requests to the proxy (client token or Turnstile), with a valid token already had. */
  async #proxyFetch(): Promise<typeof fetch | undefined> {
    const token = await this.#clientToken();
    // A valid token before anything is sent: a failing endpoint stops here, before the run starts.
    await token?.get();
    return token?.fetch ?? (await this.#turnstileFetch());
  }

  #startMcp(fetch: typeof globalThis.fetch | undefined): Promise<WidgetMcp> | undefined {
    const host = this.#host;
    const servers = host.mcpServers instanceof Error ? [] : (host.mcpServers ?? []);
    return this.#mcp.get(host.proxyUrl, host.model, servers, fetch, this.#pendingTurn);
  }

  /** The page's WebMCP tools changed: the built agent uses the new ones from its next model call. */
  #setPageTools(tools: readonly Tool[]): void {
    this.#built?.setPageTools(tools);
    this.#pageTools = tools;
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
    const agent = this.#host.agent ?? (this.#host.agentUrl ? this.#remoteAgent : this.#built?.agent);
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
    this.#builtIns ??= import('../tools/built-in-tools.js').then(
      (module) => new module.BuiltInTools(this.#files),
    );
    const builtIn = (await this.#builtIns).tools(host, host.conversationId);
    const extra = this.#extra;
    if (extra && extra.given === given && extra.builtIn === builtIn) return extra.tools;
    const tools = builtIn.length ? [...given, ...builtIn] : given;
    this.#extra = { given, builtIn, tools };
    return tools;
  }

  /** With `turnstile-site-key`: a fetch that carries the client token it trades a Turnstile check for. */
  async #turnstileFetch(): Promise<typeof fetch | undefined> {
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

  hostConnected(): void {
    // The runtime is needed by the first message: fetch it while the user types.
    // Then, when the proxy keeps transcripts, the visitor is told (transcript-notice, in that chunk).
    if (this.#host.proxyUrl && !this.#host.agent)
      void loadAgentChunk()
        .then((m) => m.showTranscriptNotice(this.#host))
        .catch(() => undefined);
  }

  hostDisconnected(): void {
    this.#mcp.stop();
    this.#token?.stop();
    this.#builtIns?.then((tools) => tools.dispose());
  }
}

function sameOptions(a: ProxyAgentOptions, b: ProxyAgentOptions): boolean {
  return (Object.keys(b) as (keyof ProxyAgentOptions)[]).every((key) => {
    const x = a[key];
    const y = b[key];
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => v === y[i]);
    return x === y;
  });
}

let agentChunk: Promise<typeof import('./agent-chunk.js')> | undefined;
function loadAgentChunk(): Promise<typeof import('./agent-chunk.js')> {
  agentChunk ??= import('./agent-chunk.js');
  return agentChunk;
}
