import { AbortedError, AgentChatError, ConfigurationError } from '../errors.js';
import { McpApps } from '../mcp-apps/mcp-apps.js';
import type { Tool, ToolContext } from '../tools/tool.js';
import { type ToolOutput, toolOutput } from '../tools/tool-output.js';
import { HubSignIn, type McpResumedSignIn } from './auth/hub-sign-in.js';
import { McpAuthError } from './auth/mcp-auth-error.js';
import type { McpAccount } from './auth/server-auth.js';
import { IdleTimeout } from './idle-timeout.js';
import { McpRequestError, McpServerUnavailableError } from './mcp-errors.js';
import type { McpHubEvent, McpHubOptions, McpToolEvent, McpToolSummary } from './mcp-hub-options.js';
import { checkServerId } from './mcp-names.js';
import { type McpToolArgs, toAgentTool } from './mcp-tool.js';
import type { ElicitationAnswer } from './pending-answers.js';
import { ServerConnection, type ServerHealth } from './server-connection.js';
import { type QuestionSink, ServerQuestions } from './server-questions.js';
import { ToolCatalog } from './tool-catalog.js';
import { type McpToolOutcome, normalizeToolResult } from './tool-result.js';

/** Where the events of one tool call go. */
interface CallScope {
  toolCallId: string;
  emit: ((event: McpToolEvent) => void) | undefined;
  /** Stops the call's idle timeout while the server waits for the user or the model. */
  hold: () => () => void;
}

// The SDK's own request timeout is set out of reach: the hub's idle timeout replaces it.
const NO_SDK_TIMEOUT = 2 ** 31 - 1;

/** A server as {@link McpHub.servers} reports it. */
export interface McpServerStatus extends ServerHealth {
  id: string;
  url: string;
  toolCount: number;
  /** Requests in flight now. */
  active: number;
}

/**
 * Connects an agent to MCP servers over streamable HTTP, lazily: `summaries()` gives the supervisor one
 * sentence per tool, `tools(names)` materialises full definitions only for the tools it picks, and each
 * call streams progress, rich content and the servers' questions (elicitation, sampling consent) as
 * agent events. A server that is down loses its tools with an `mcp.server.down` event; the rest go on.
 *
 * @example
 * const hub = new McpHub({ servers: [{ id: 'docs', url: 'https://proxy.example/mcp/docs' }] });
 * await hub.start();
 * const agent = createAgent({ model, tools: await hub.tools() });
 */
export class McpHub {
  readonly #options: McpHubOptions;
  readonly #connections = new Map<string, ServerConnection>();
  readonly #catalog = new ToolCatalog();
  readonly #questions: ServerQuestions;
  readonly #scopes = new Map<string, CallScope[]>();
  readonly #refreshing = new Map<string, Promise<void>>();
  readonly #built = new Map<string, { source: object; tool: Tool<McpToolArgs, string | ToolOutput> }>();
  readonly #closing = new AbortController();
  readonly #onPageHide = () => {
    for (const connection of this.#connections.values()) connection.terminateOnUnload();
  };
  readonly #unloadTarget: EventTarget | undefined;
  readonly #signIn: HubSignIn;
  #sequence = 0;
  /**
   * MCP Apps (SEP-1865): the `ui://` resources of tools that link one (read once per server and URI),
   * calls from an app to its own server's tools, and what apps tell the model.
   */
  readonly apps: McpApps;

  constructor(options: McpHubOptions) {
    if (!options || !Array.isArray(options.servers))
      throw new ConfigurationError('McpHub: servers must be an array of { id, url }.');
    this.#options = options;
    this.apps = new McpApps({
      connection: (serverId) => this.#connections.get(serverId),
      tool: (serverId, toolName) => this.#catalog.appTool(serverId, toolName),
      signal: this.#closing.signal,
    });
    this.#questions = new ServerQuestions(options, this.#closing.signal, (id) => this.#questionSink(id));
    this.#signIn = new HubSignIn({
      closing: this.#closing.signal,
      emit: (event) => this.#emitHub(event),
      callSink: (id) => this.#callSink(id),
      answerTimeoutMs: options.answerTimeoutMs ?? 10 * 60_000,
      onSignInRedirect: options.onSignInRedirect,
    });
    for (const server of options.servers) {
      const id = checkServerId(server?.id);
      if (this.#connections.has(id))
        throw new ConfigurationError(`McpHub: two servers have the id "${id}"; ids must be unique.`);
      try {
        new URL(String(server.url));
      } catch {
        throw new ConfigurationError(
          `McpHub: server "${id}" has an invalid url ${JSON.stringify(String(server.url))}; give an absolute URL such as https://example.com/mcp.`,
        );
      }
      this.#connections.set(
        id,
        new ServerConnection(server, {
          elicit: (serverId, params, signal) => this.#questions.elicit(serverId, params, signal),
          ...(options.sampling
            ? { sample: (serverId, params, signal) => this.#questions.sample(serverId, params, signal) }
            : {}),
          log: (serverId, params) =>
            this.#emitHub({
              type: 'mcp.log',
              serverId,
              level: params.level,
              ...(params.logger ? { logger: params.logger } : {}),
              data: params.data,
            }),
          signIn: (auth, signal) => this.#signIn.needed(auth, signal),
          toolsChanged: (serverId) => {
            this.#catalog.invalidate(serverId);
            void this.#refresh(serverId, true);
          },
        }),
      );
    }
    const unload = options.terminateOnUnload ?? true;
    this.#unloadTarget =
      typeof unload === 'object'
        ? unload
        : unload && typeof document !== 'undefined'
          ? globalThis
          : undefined;
    this.#unloadTarget?.addEventListener('pagehide', this.#onPageHide);
  }

  /** Connects every server and lists its tools; a server that fails is reported down, never thrown. */
  async start(): Promise<void> {
    await Promise.all(
      [...this.#connections.values()].map(async (connection) => {
        // A sign-in that left this tab (popup blocked) and came back is finished first.
        if (connection.auth)
          await this.#signIn.resume(connection.auth).catch((error: unknown) => {
            if (error instanceof AgentChatError) this.#serverDown(connection.config.id, error);
          });
        await this.#refresh(connection.config.id);
      }),
    );
  }

  /**
   * The sign-ins that had left this tab (popup blocked) and that `start()` finished when the page came
   * back, each with what `onSignInRedirect` kept; taken once. Run the kept turn again when `signedIn`.
   */
  takeResumedSignIns(): McpResumedSignIn[] {
    return this.#signIn.takeResumed();
  }

  /**
   * Signs the user in to a server configured with `auth`, then lists its tools. Call it inside a click
   * (the popup must open synchronously). Rejects with {@link McpAuthError} when the sign-in fails.
   */
  async signIn(serverId: string): Promise<void> {
    const connection = this.#authConnection(serverId);
    await this.#signIn.signIn(connection.auth!);
    await this.#refresh(serverId);
  }

  /** Revokes the user's tokens for a server (where it supports revocation) and forgets them. */
  async signOut(serverId: string): Promise<void> {
    const connection = this.#authConnection(serverId);
    await connection.close();
    await this.#signIn.signOut(connection.auth!);
  }

  /** The user's accounts on the servers configured with `auth`: signed in or not, and their scopes. */
  accounts(): Promise<McpAccount[]> {
    return this.#signIn.accounts(
      [...this.#connections.values()].flatMap((connection) => (connection.auth ? [connection.auth] : [])),
    );
  }

  /** One-sentence summaries of every available tool (what the supervisor chooses from). */
  async summaries(): Promise<McpToolSummary[]> {
    await this.#ensureFresh();
    return this.#catalog.summaries();
  }

  /**
   * Agent tools for `names` (all available tools when omitted): their full definitions are fetched
   * from the servers now and kept. Names that are not available (unknown, or their server is down)
   * are skipped; compare with `summaries()` to tell.
   */
  async tools(names?: readonly string[]): Promise<Tool<McpToolArgs, string | ToolOutput>[]> {
    await this.#ensureFresh();
    const wanted = names ?? this.#catalog.summaries().map((summary) => summary.name);
    const missing = new Map<string, Set<string>>();
    for (const name of wanted) {
      const summary = this.#catalog.summary(name);
      if (!summary || this.#catalog.full(name)) continue;
      const set = missing.get(summary.serverId) ?? new Set<string>();
      set.add(name);
      missing.set(summary.serverId, set);
    }
    // MCP has no per-tool schema request: one tools/list per server that has tools to materialise.
    await Promise.all([...missing].map(([serverId, set]) => this.#refresh(serverId, false, set)));
    const tools: Tool<McpToolArgs, string | ToolOutput>[] = [];
    for (const name of wanted) {
      const tool = this.#tool(name);
      if (tool) tools.push(tool);
    }
    return tools;
  }

  /**
   * Calls a tool by its `mcp__{server}__{tool}` name. Progress and content go to `context.emit` (the
   * agent's run) or `onEvent`. Throws an {@link AgentChatError} whose message the model can act on.
   */
  async callTool(
    name: string,
    args: McpToolArgs,
    context: Partial<Pick<ToolContext, 'signal' | 'toolCallId' | 'emit'>> & {
      /** Keep the result's items to the caller instead of emitting them (an app shows the result). */
      quiet?: boolean;
    } = {},
  ): Promise<McpToolOutcome> {
    const summary = await this.#summaryFor(name);
    const connection = this.#connections.get(summary.serverId)!;
    const toolCallId = context.toolCallId ?? `mcp_${++this.#sequence}`;
    const timeoutMs = connection.config.timeoutMs ?? 60_000;
    const timedOut = new AbortController();
    const idle = new IdleTimeout(timeoutMs, () => timedOut.abort());
    const queued = idle.hold();
    const scope: CallScope = {
      toolCallId,
      emit: context.emit ?? this.#options.onEvent,
      hold: () => idle.hold(),
    };
    const scopes = this.#scopes.get(summary.serverId) ?? [];
    scopes.push(scope);
    this.#scopes.set(summary.serverId, scopes);
    const signal = AbortSignal.any([
      ...(context.signal ? [context.signal] : []),
      this.#closing.signal,
      timedOut.signal,
    ]);
    try {
      const result = await connection.callTool(summary.toolName, args, {
        signal,
        timeoutMs: NO_SDK_TIMEOUT,
        onStart: queued,
        tool: this.#catalog.full(name),
        onProgress: ({ progress, total, message }) => {
          idle.reset();
          scope.emit?.({
            type: 'tool.progress',
            toolCallId,
            progress,
            ...(total !== undefined ? { total } : {}),
            ...(message ? { message } : {}),
          });
        },
      });
      const outcome = normalizeToolResult(result, this.#options.maxResultChars ?? 20_000);
      if (!context.quiet)
        for (const content of outcome.items) scope.emit?.({ type: 'tool.content', toolCallId, content });
      return { ...outcome, result };
    } catch (error) {
      if (error instanceof McpServerUnavailableError) this.#serverDown(summary.serverId, error);
      // Our idle timeout (not the caller's abort) ended the call: say so to the model.
      if (timedOut.signal.aborted && !context.signal?.aborted && !this.#closing.signal.aborted)
        throw new McpRequestError(
          summary.serverId,
          `run the tool "${summary.toolName}"`,
          `no result and no progress for ${timeoutMs / 1000} s; the call was cancelled. Try again, or ask for less at once`,
        );
      throw error;
    } finally {
      idle.clear();
      scopes.splice(scopes.indexOf(scope), 1);
    }
  }

  /** The summary of a tool by name, after retrying its server if it was down; throws when there is none. */
  async #summaryFor(name: string): Promise<McpToolSummary> {
    let summary = this.#catalog.summary(name);
    const downServer = summary ? undefined : this.#downServerOf(name);
    if (downServer) {
      // The tool's server was down: try it again now rather than wait for the next refresh.
      await this.#refresh(downServer.config.id);
      summary = this.#catalog.summary(name);
      if (!summary && downServer.health.status === 'down')
        throw (
          downServer.mismatch ??
          new McpServerUnavailableError(downServer.config.id, downServer.url, 'it still does not answer')
        );
    }
    if (!summary) {
      const available = this.#catalog.summaries().map((s) => s.name);
      throw new McpRequestError(
        '',
        `find the tool "${name}"`,
        `no such tool is available${available.length ? ` (available: ${available.slice(0, 30).join(', ')})` : ''}`,
      );
    }
    return summary;
  }

  /**
   * Answers a `clarify.request` raised by a server (elicitation or sampling consent). A plain object is
   * an accepted form; missing fields get the schema's defaults. Returns false when no question has that
   * id; throws {@link McpInvalidAnswerError} (the question stays open) when the answer does not fit.
   */
  respond(requestId: string, answer: ElicitationAnswer | Record<string, unknown>): boolean {
    // A Connect question (source `mcp-auth`): accepting it opens the sign-in now, inside the click.
    return this.#signIn.respond(requestId, answer) || this.#questions.respond(requestId, answer);
  }

  /** Ids of the questions waiting for `respond`. */
  get pendingRequests(): string[] {
    return [...this.#signIn.pendingRequests, ...this.#questions.ids];
  }

  /** Health of each server. */
  servers(): McpServerStatus[] {
    return [...this.#connections.values()].map((connection) => ({
      id: connection.config.id,
      url: connection.url,
      ...connection.health,
      toolCount: this.#catalog.count(connection.config.id),
      active: connection.active,
    }));
  }

  /** Instrumentation: `tools/list` requests per server and the tools whose full definition is kept. */
  stats(): { listRequests: Record<string, number>; materialised: string[] } {
    const listRequests: Record<string, number> = {};
    for (const [id, connection] of this.#connections) listRequests[id] = connection.listRequests;
    return { listRequests, materialised: this.#catalog.materialised() };
  }

  /** Cancels calls in flight, closes open questions and ends every session (DELETE). */
  async dispose(): Promise<void> {
    this.#closing.abort(new AbortedError());
    this.#questions.close();
    this.#signIn.close();
    this.#unloadTarget?.removeEventListener('pagehide', this.#onPageHide);
    await Promise.all([...this.#connections.values()].map((connection) => connection.close()));
  }

  #tool(name: string): Tool<McpToolArgs, string | ToolOutput> | undefined {
    const full = this.#catalog.full(name);
    if (!full) return undefined;
    const built = this.#built.get(name);
    if (built?.source === full) return built.tool;
    const entry = this.#catalog.ui(name);
    const resourceUri = entry?.ui.resourceUri;
    const tool = toAgentTool(name, full, async (args, context) => {
      const outcome = await this.callTool(name, args, { ...context, quiet: resourceUri !== undefined });
      if (outcome.isError) throw new Error(outcome.text || 'the tool reported an error without details.');
      if (!entry || resourceUri === undefined) return outcome.text;
      // The model reads the text; the app shows the result from the item, stored so a reload shows it again.
      return toolOutput([
        { kind: 'text', text: outcome.text },
        {
          kind: 'mcp-app',
          serverId: entry.serverId,
          toolName: entry.tool.name,
          resourceUri,
          args,
          result: outcome.result as Record<string, unknown>,
        },
      ]);
    });
    this.#built.set(name, { source: full, tool });
    return tool;
  }

  async #ensureFresh(): Promise<void> {
    const ttl = this.#options.refreshTtlMs ?? 5 * 60_000;
    const now = Date.now();
    const stale = [...this.#connections.keys()].filter((id) => this.#catalog.isStale(id, ttl, now));
    await Promise.all(stale.map((id) => this.#refresh(id)));
  }

  /** Lists a server's tools (one listing at a time per server), reporting up/down/changed. */
  #refresh(serverId: string, changed = false, materialise?: ReadonlySet<string>): Promise<void> {
    const running = this.#refreshing.get(serverId);
    if (running && !materialise) return running;
    const connection = this.#connections.get(serverId)!;
    const task = (running ?? Promise.resolve())
      .then(async () => {
        const wasUp = connection.health.status === 'up';
        try {
          const tools = await connection.listTools(this.#closing.signal);
          const count = this.#catalog.replace(connection.config, tools, Date.now(), materialise);
          if (!wasUp) this.#emitHub({ type: 'mcp.server.up', serverId, toolCount: count });
          else if (changed) this.#emitHub({ type: 'mcp.tools.changed', serverId, toolCount: count });
        } catch (error) {
          if (this.#closing.signal.aborted) return;
          // Not down: it waits for the user's sign-in (`mcp.auth.required` has said so).
          if (error instanceof McpAuthError && error.reason === 'sign_in_required') {
            this.#catalog.remove(serverId);
            return;
          }
          this.#serverDown(
            serverId,
            error instanceof AgentChatError
              ? error
              : new McpServerUnavailableError(serverId, connection.url, error),
          );
        }
      })
      .finally(() => {
        if (this.#refreshing.get(serverId) === task) this.#refreshing.delete(serverId);
      });
    this.#refreshing.set(serverId, task);
    return task;
  }

  /** The down server a tool name belongs to, by its `mcp__{server}__` prefix. */
  #downServerOf(name: string): ServerConnection | undefined {
    const serverId = /^mcp__([a-zA-Z0-9-]+)__/.exec(name)?.[1];
    const connection = serverId ? this.#connections.get(serverId) : undefined;
    return connection?.health.status === 'down' ? connection : undefined;
  }

  #serverDown(serverId: string, error: AgentChatError): void {
    this.#catalog.remove(serverId);
    this.#emitHub({ type: 'mcp.server.down', serverId, error: error.message });
  }

  /** A tool call in flight to this server that can ask the user (most recent first). */
  #callSink(serverId: string): QuestionSink | undefined {
    const scopes = this.#scopes.get(serverId) ?? [];
    for (let i = scopes.length - 1; i >= 0; i--) {
      const scope = scopes[i]!;
      if (scope.emit) return { emit: scope.emit, hold: scope.hold };
    }
    return undefined;
  }

  #authConnection(serverId: string): ServerConnection {
    const connection = this.#connections.get(serverId);
    if (!connection?.auth)
      throw new ConfigurationError(
        `McpHub: no server "${serverId}" with auth is configured (servers with auth: ${
          [...this.#connections.values()]
            .filter((c) => c.auth)
            .map((c) => c.config.id)
            .join(', ') || 'none'
        }).`,
      );
    return connection;
  }

  /** Who hears a server's question: its most recent call in flight, else `onEvent`. */
  #questionSink(serverId: string): QuestionSink | undefined {
    const scopes = this.#scopes.get(serverId) ?? [];
    for (let i = scopes.length - 1; i >= 0; i--) {
      const scope = scopes[i]!;
      if (scope.emit) return { emit: scope.emit, hold: scope.hold };
    }
    return this.#options.onEvent ? { emit: this.#options.onEvent } : undefined;
  }

  #emitHub(event: McpHubEvent): void {
    this.#options.onEvent?.(event);
  }
}
