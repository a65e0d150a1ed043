import type { ChatModel } from '../model/chat-model.js';
import type { ToolEvent } from '../tools/tool.js';
import type { McpServerAuth } from './auth/server-auth.js';

/** One MCP server the hub connects to over streamable HTTP. */
export interface McpServerConfig {
  /** Short id used in tool names (`mcp__{id}__{tool}`): 1-24 letters, digits or `-`. */
  id: string;
  /** The server's MCP endpoint, e.g. `https://proxy.example/mcp/github` or `http://127.0.0.1:3001/mcp`. */
  url: string | URL;
  /** Extra request headers (e.g. a client token for the proxy). */
  headers?: Record<string, string>;
  /** Only these tools (names as the server gives them; `*` is a wildcard). */
  allow?: string[];
  /** Never these tools (applied after `allow`). */
  deny?: string[];
  /** Requests in flight to this server at once; default 10. */
  maxConcurrency?: number;
  /** Timeout of one request in ms, reset by each progress notification; default 60 000. */
  timeoutMs?: number;
  /** Retries of a transient transport error (network, 408, 429, 5xx); default 2. */
  retries?: number;
  /** First backoff delay in ms, doubled per retry; default 250. */
  retryDelayMs?: number;
  /** Custom fetch (tests, service workers). */
  fetch?: typeof fetch;
  /**
   * The server needs the user's sign-in (OAuth 2.1): `true` for the defaults (popup sign-in, tokens in
   * IndexedDB, redirect back to this page), or the settings.
   */
  auth?: McpServerAuth | true;
}

/** Events that belong to one tool call or question; they go into the run's event stream. */
export type McpToolEvent = ToolEvent;

/** What the hub reports: tool-call events plus the state of its servers and their log messages. */
export type McpHubEvent =
  | McpToolEvent
  | { type: 'mcp.server.up'; serverId: string; toolCount: number }
  | { type: 'mcp.server.down'; serverId: string; error: string }
  | { type: 'mcp.tools.changed'; serverId: string; toolCount: number }
  /** The server needs the user's sign-in before its tools can be listed: call `hub.signIn(serverId)` in a click. */
  | { type: 'mcp.auth.required'; serverId: string; scopes: string[] }
  | { type: 'mcp.auth.signed-in'; serverId: string; scopes: string[] }
  | { type: 'mcp.auth.signed-out'; serverId: string }
  | { type: 'mcp.log'; serverId: string; level: string; logger?: string; data: unknown };

/** Options of {@link McpHub}. */
export interface McpHubOptions {
  servers: McpServerConfig[];
  /** Tool lists older than this are fetched again; default 5 minutes. */
  refreshTtlMs?: number;
  /** Receives every hub event; tool events of a call go to that call's `emit` when the agent provides one. */
  onEvent?: (event: McpHubEvent) => void;
  /** Serves servers' `sampling/createMessage` with this model; without it sampling is not offered. */
  sampling?: {
    model: ChatModel;
    /** Ask the user (a `clarify.request` answered through `respond`) before each sampling; default false. */
    askUser?: boolean;
  };
  /** How long a question (elicitation, sampling consent) waits for `respond`; default 10 minutes. */
  answerTimeoutMs?: number;
  /** Characters of a tool result the model receives; longer results are cut with a note. Default 20 000. */
  maxResultChars?: number;
  /**
   * Called just before the tab itself leaves for an authorization server (the sign-in popup was
   * blocked). Return what is needed to go on when the page comes back — JSON, such as the conversation
   * and the message that waited for the sign-in; after `start()` has finished the sign-in,
   * `takeResumedSignIns()` hands it back, so the app can run that turn again without the user re-sending.
   */
  onSignInRedirect?: (serverId: string) => unknown;
  /**
   * Ends sessions with a keepalive DELETE on `pagehide`: default true in a page (the `window`), or
   * pass the `EventTarget` whose `pagehide` should do it.
   */
  terminateOnUnload?: boolean | EventTarget;
}

/** A tool as the supervisor first sees it: no input schema, one sentence. */
export interface McpToolSummary {
  /** `mcp__{server}__{tool}`. */
  name: string;
  serverId: string;
  /** The name on the server. */
  toolName: string;
  /** First sentence of the description. */
  summary: string;
  /** Estimated tokens of the full definition (name, description, input schema) as a tool spec. */
  definitionTokens: number;
}
