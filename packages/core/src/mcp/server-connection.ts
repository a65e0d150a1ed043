import {
  type CallToolResult,
  Client,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  type LoggingMessageNotification,
  type Tool as McpTool,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { AbortedError, AgentChatError } from '../errors.js';
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from '../mcp-apps/ui-meta.js';
import { authRefusal } from './auth/auth-refusal.js';
import { McpAuthError } from './auth/mcp-auth-error.js';
import { ServerAuth } from './auth/server-auth.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { observedFetch } from './connection-fetch.js';
import { describeCause, McpProtocolError, McpRequestError, McpServerUnavailableError } from './mcp-errors.js';
import type { McpServerConfig } from './mcp-hub-options.js';
import { isProtocolMismatch, SUPPORTED_REVISIONS } from './protocol-mismatch.js';

/** What a connection asks of the hub when its server calls back. */
export interface ConnectionCallbacks {
  elicit(serverId: string, params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
  /** Absent when no model is configured for sampling: the capability is then not advertised. */
  sample?: (
    serverId: string,
    params: CreateMessageRequest['params'],
    signal: AbortSignal,
  ) => Promise<CreateMessageResult>;
  log(serverId: string, params: LoggingMessageNotification['params']): void;
  /** The server needs the user's sign-in: ask (or sign in headlessly); resolves when tokens are stored. */
  signIn(auth: ServerAuth, signal: AbortSignal | undefined): Promise<void>;
  toolsChanged(serverId: string): void;
}

/** How a server is doing, as the hub reports it. */
export interface ServerHealth {
  /** `signed-out`: the server needs the user's sign-in before it can be used. */
  status: 'idle' | 'up' | 'down' | 'signed-out';
  consecutiveFailures: number;
  lastError?: string;
  /** `Mcp-Session-Id` of the current session, when the server uses sessions. */
  sessionId?: string;
}

const CLIENT_INFO = { name: 'agent-chat', version: '0.1.0' };

/**
 * One MCP server over streamable HTTP: a lazily connected SDK `Client`, a concurrency limit, retry with
 * backoff for transient transport errors, and a transparent new session when the server answers 404
 * to an expired `Mcp-Session-Id`.
 */
export class ServerConnection {
  readonly config: McpServerConfig;
  readonly health: ServerHealth = { status: 'idle', consecutiveFailures: 0 };
  /** `tools/list` walks sent to this server (all pages of one listing count once), for instrumentation. */
  listRequests = 0;
  readonly #limit: ConcurrencyLimit;
  readonly #callbacks: ConnectionCallbacks;
  /** The user's sign-in, for servers configured with `auth`. */
  readonly auth: ServerAuth | undefined;
  #client: Client | undefined;
  #transport: StreamableHTTPClientTransport | undefined;
  #connecting: Promise<Client> | undefined;
  /** The last 401 or 403 the MCP endpoint answered (a 403 asks for more scope, a 401 refuses the token). */
  #lastRefusal: number | undefined;
  /** What was wrong with the server's `server/discover` answer while connecting, if anything. */
  #discoverProblem: string | undefined;
  /** The last failure, when it said the server does not speak MCP as we do (kept for later calls). */
  mismatch: McpProtocolError | undefined;

  constructor(config: McpServerConfig, callbacks: ConnectionCallbacks) {
    this.config = config;
    this.#callbacks = callbacks;
    this.#limit = new ConcurrencyLimit(config.maxConcurrency ?? 10);
    if (config.auth)
      this.auth = new ServerAuth(
        config.id,
        this.url,
        config.auth === true ? {} : config.auth,
        authFetch(this.url, config),
      );
  }

  get url(): string {
    return String(this.config.url);
  }

  /** Requests running now (at most `maxConcurrency`). */
  get active(): number {
    return this.#limit.active;
  }

  /**
   * All tools of the server: the SDK walks the `nextCursor` pages, and (`refresh`) always asks the
   * server, keeping the list it uses for `Mcp-Param-*` headers and output checks up to date.
   */
  listTools(signal?: AbortSignal): Promise<McpTool[]> {
    return this.request(
      'list its tools',
      async (client) => {
        this.listRequests++;
        return (await client.listTools(undefined, { signal, cacheMode: 'refresh' })).tools;
      },
      signal,
    );
  }

  /** Calls a tool; `onProgress` receives the server's progress notifications in order. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: {
      signal: AbortSignal;
      onProgress?: (p: { progress: number; total?: number; message?: string }) => void;
      /** The SDK's own timeout; the hub passes a very long one and keeps its own idle timeout. */
      timeoutMs?: number;
      /** Called when the call gets its slot under the concurrency limit (waiting in line is not idleness). */
      onStart?: () => void;
      /** The tool as listed: on 2026-07-28 its `x-mcp-header` arguments become `Mcp-Param-*` headers. */
      tool?: McpTool;
    },
  ): Promise<CallToolResult> {
    const { signal, onProgress } = options;
    return this.request(
      `run the tool "${name}"`,
      (client) =>
        client.callTool(
          { name, arguments: args },
          {
            signal,
            timeout: options.timeoutMs ?? this.config.timeoutMs ?? 60_000,
            resetTimeoutOnProgress: true,
            ...(onProgress ? { onprogress: onProgress } : {}),
            ...(options.tool ? { toolDefinition: options.tool } : {}),
          },
        ) as Promise<CallToolResult>,
      signal,
      options.onStart,
    );
  }

  /** Runs one request under the concurrency limit, with retry, session renewal and health tracking. */
  async request<T>(
    what: string,
    operation: (client: Client) => Promise<T>,
    signal?: AbortSignal,
    onStart?: () => void,
  ): Promise<T> {
    return this.#limit.run(async () => {
      onStart?.();
      const retries = this.config.retries ?? 2;
      let renewed = false;
      let signIns = 0;
      for (let attempt = 0; ; attempt++) {
        let connected = false;
        // A 401 to a token that was sent may mean the server moved to another authorization server.
        const sentToken = this.auth ? Boolean((await this.auth.provider.record()).tokens) : false;
        this.#lastRefusal = undefined;
        try {
          // A token about to expire is refreshed first rather than refused by the server.
          if (this.auth && !(await this.auth.refreshIfDue())) throw new UnauthorizedError('refresh failed');
          const client = await this.#ensureClient();
          connected = true;
          const result = await operation(client);
          this.#markUp();
          return result;
        } catch (error) {
          if (signal?.aborted) throw new AbortedError(signal.reason);
          if (this.auth && error instanceof UnauthorizedError) {
            // 401, or 403 insufficient_scope: the SDK has prepared an authorization URL; the user signs in.
            await this.#signIn(this.auth, what, ++signIns, { connected, sentToken }, signal);
            attempt--;
            continue;
          }
          if (error instanceof McpProtocolError || isProtocolMismatch(error))
            throw this.#fail(
              what,
              error instanceof McpProtocolError
                ? error
                : new McpProtocolError(this.config.id, this.url, error),
              true,
            );
          const refusal = this.auth ? authRefusal(error) : undefined;
          if (refusal)
            throw this.#fail(
              what,
              new McpAuthError(this.config.id, refusal, describeStatus(error), error),
              false,
            );
          if (connected && isSessionExpired(error) && !renewed) {
            // 404 to our Mcp-Session-Id: the server forgot the session; start a new one and try again.
            renewed = true;
            this.#drop();
            attempt--;
            continue;
          }
          const transient = !connected || isTransient(error);
          if (transient && attempt < retries) {
            this.#drop();
            await sleep((this.config.retryDelayMs ?? 250) * 2 ** attempt, signal);
            continue;
          }
          throw this.#fail(what, error, transient);
        }
      }
    }, signal);
  }

  /** Has the user sign in again after a refusal, unless too many sign-ins did not satisfy the server. */
  async #signIn(
    auth: ServerAuth,
    what: string,
    signIns: number,
    { connected, sentToken }: { connected: boolean; sentToken: boolean },
    signal: AbortSignal | undefined,
  ): Promise<void> {
    if (signIns > auth.maxSignIns)
      throw this.#fail(
        what,
        new McpAuthError(
          this.config.id,
          'step_up_limit',
          `${signIns - 1} sign-ins did not satisfy the server`,
        ),
        false,
      );
    if (!connected) this.#drop();
    if (sentToken && this.#lastRefusal === 401) await auth.rediscover();
    this.health.status = 'signed-out';
    try {
      await this.#callbacks.signIn(auth, signal);
    } catch (authError) {
      if (signal?.aborted) throw new AbortedError(signal.reason);
      throw this.#fail(what, authError, false);
    }
  }

  /** Ends the session: DELETE with its `Mcp-Session-Id` (best effort), then closes the client. */
  async close(): Promise<void> {
    const transport = this.#transport;
    const client = this.#client;
    this.#client = undefined;
    this.#transport = undefined;
    this.#connecting = undefined;
    this.health.status = 'idle';
    delete this.health.sessionId;
    if (transport?.sessionId) await transport.terminateSession().catch(() => undefined);
    await client?.close().catch(() => undefined);
  }

  /**
   * Ends the session while the page unloads: a `keepalive` DELETE survives the page, an awaited one
   * would not.
   */
  terminateOnUnload(): void {
    const sessionId = this.#transport?.sessionId;
    if (!sessionId) return;
    const headers: Record<string, string> = { ...this.config.headers, 'mcp-session-id': sessionId };
    const version = this.#transport?.protocolVersion;
    if (version) headers['mcp-protocol-version'] = version;
    const doFetch = this.config.fetch ?? fetch;
    void doFetch(this.url, { method: 'DELETE', headers, keepalive: true }).catch(() => undefined);
  }

  #ensureClient(): Promise<Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #connect(): Promise<Client> {
    const { config } = this;
    this.#discoverProblem = undefined;
    const transport = new StreamableHTTPClientTransport(new URL(this.url), {
      fetch: observedFetch(() => config.fetch ?? fetch, {
        refused: (status) => {
          this.#lastRefusal = status;
        },
        malformedDiscover: (problem) => {
          this.#discoverProblem = problem;
        },
      }),
      ...(this.auth ? { authProvider: this.auth.provider } : {}),
      ...(config.headers ? { requestInit: { headers: config.headers } } : {}),
    });
    const sample = this.#callbacks.sample;
    const client = new Client(CLIENT_INFO, {
      capabilities: {
        elicitation: { form: { applyDefaults: true } },
        ...(sample ? { sampling: {} } : {}),
        // MCP Apps (SEP-1865): servers may link tools to `ui://` apps the widget hosts.
        extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } },
      },
      // Eval-free validation (no `new Function`), so the hub runs under a strict Content-Security-Policy.
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
      // 2026-07-28 when the server answers `server/discover`, else the 2025-11-25 handshake.
      supportedProtocolVersions: [...SUPPORTED_REVISIONS],
      versionNegotiation: { mode: 'auto' },
    });
    const id = config.id;
    // On 2026-07-28 these arrive as input-required results the SDK fulfils through the same handlers.
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      this.#callbacks.elicit(id, request.params, ctx.mcpReq.signal),
    );
    if (sample)
      client.setRequestHandler('sampling/createMessage', (request, ctx) =>
        sample(id, request.params, ctx.mcpReq.signal),
      );
    client.setNotificationHandler('notifications/message', (notification) =>
      this.#callbacks.log(id, notification.params),
    );
    client.setNotificationHandler('notifications/tools/list_changed', () => this.#callbacks.toolsChanged(id));
    // Transport errors of the background GET stream are not failures of a request; requests report their own.
    transport.onerror = () => undefined;
    try {
      await client.connect(transport, { timeout: config.timeoutMs ?? 60_000 });
    } catch (error) {
      // The SDK falls back to the 2025 handshake after a discover answer it cannot read; say both.
      if (this.#discoverProblem)
        throw new McpProtocolError(id, this.url, `${this.#discoverProblem}, and ${describeCause(error)}`);
      throw error;
    }
    this.#client = client;
    this.#transport = transport;
    if (transport.sessionId) this.health.sessionId = transport.sessionId;
    return client;
  }

  /** Forgets the current client without a DELETE (its session is gone or unusable). */
  #drop(): void {
    const client = this.#client;
    this.#client = undefined;
    this.#transport = undefined;
    delete this.health.sessionId;
    void client?.close().catch(() => undefined);
  }

  #markUp(): void {
    this.mismatch = undefined;
    this.health.status = 'up';
    this.health.consecutiveFailures = 0;
    delete this.health.lastError;
    if (this.#transport?.sessionId) this.health.sessionId = this.#transport.sessionId;
  }

  #fail(what: string, error: unknown, unavailable: boolean): AgentChatError {
    const wrapped =
      error instanceof AgentChatError
        ? error
        : unavailable
          ? new McpServerUnavailableError(this.config.id, this.url, error)
          : new McpRequestError(this.config.id, what, error);
    this.mismatch = wrapped instanceof McpProtocolError ? wrapped : undefined;
    if (wrapped instanceof McpServerUnavailableError || wrapped instanceof McpProtocolError) {
      this.health.status = 'down';
      this.health.consecutiveFailures++;
    }
    this.health.lastError = wrapped.message;
    return wrapped;
  }
}

function describeStatus(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The fetch of the sign-in (discovery, registration, tokens): the server's own headers (e.g. a proxy
 * client token) go only to the server's origin, never to an authorization server elsewhere.
 */
function authFetch(serverUrl: string, config: McpServerConfig): typeof fetch {
  const origin = new URL(serverUrl).origin;
  return (input, init) => {
    const doFetch = config.fetch ?? fetch;
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!config.headers || url.origin !== origin) return doFetch(input, init);
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(config.headers))
      if (!headers.has(name)) headers.set(name, value);
    return doFetch(input, { ...init, headers });
  };
}

function isSessionExpired(error: unknown): boolean {
  return error instanceof SdkHttpError && error.status === 404;
}

function isTransient(error: unknown): boolean {
  if (error instanceof SdkHttpError)
    return error.status === 408 || error.status === 429 || error.status >= 500;
  // fetch rejects with a TypeError when the network fails (connection refused, reset, DNS).
  return error instanceof TypeError;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new AbortedError(signal.reason));
      },
      { once: true },
    );
  });
}
