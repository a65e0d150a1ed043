import type { Tool as McpTool } from '@modelcontextprotocol/client';
import type { ServerConnection } from '../mcp/server-connection.js';
import { McpAppError } from './mcp-app-error.js';
import type { McpToolUi } from './ui-meta.js';
import { type McpAppResource, toAppResource } from './ui-resource.js';

/** What {@link McpApps} needs from its hub. */
export interface McpAppsDeps {
  connection(serverId: string): ServerConnection | undefined;
  /** A listed tool of a server by its real name, never its qualified key (app-only tools included), with its `_meta.ui`. */
  tool(serverId: string, toolName: string): { serverId: string; tool: McpTool; ui: McpToolUi } | undefined;
  /** Aborted when the hub is disposed. */
  signal: AbortSignal;
}

/**
 * The host side of MCP Apps that needs the servers (the UI side lives in the widget): reads an app's
 * `ui://` resource through the server's connection, once per server and URI; runs the tool calls an
 * app makes, only to its own server and only for tools whose visibility includes `app`; and keeps what
 * apps ask the model to know (`ui/update-model-context`) for the next model call.
 */
export class McpApps {
  readonly #deps: McpAppsDeps;
  readonly #resources = new Map<string, Promise<McpAppResource>>();
  readonly #context = new Map<string, string>();

  constructor(deps: McpAppsDeps) {
    this.#deps = deps;
  }

  /** The definition of a server's tool (for the app's `toolInfo`), if it is listed. */
  tool(serverId: string, toolName: string): McpTool | undefined {
    return this.#deps.tool(serverId, toolName)?.tool;
  }

  /** The app's HTML and declared CSP; a failed read is not kept, so a later stage tries again. */
  readResource(serverId: string, uri: string): Promise<McpAppResource> {
    const key = `${serverId}\n${uri}`;
    let cached = this.#resources.get(key);
    if (!cached) {
      cached = this.#read(serverId, uri);
      this.#resources.set(key, cached);
      cached.catch(() => this.#resources.delete(key));
    }
    return cached;
  }

  /** Runs a tool of the app's own server for the app; throws {@link McpAppError} when it may not. */
  async callTool(
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const entry = this.#deps.tool(serverId, toolName);
    const connection = this.#deps.connection(serverId);
    if (!entry || !connection || !entry.ui.visibility.includes('app'))
      throw new McpAppError(
        serverId,
        'not_callable',
        `its app may not call "${toolName}" (not a tool of this server visible to apps).`,
      );
    const both = AbortSignal.any([this.#deps.signal, ...(signal ? [signal] : [])]);
    return (await connection.callTool(toolName, args, { signal: both })) as Record<string, unknown>;
  }

  /**
   * Sets (or with `undefined` clears) what one app wants the model to know; `key` names the app's stage.
   * The text reaches the model with its next call.
   */
  setModelContext(key: string, text: string | undefined): void {
    if (text?.trim()) this.#context.set(key, text.trim().slice(0, 4000));
    else this.#context.delete(key);
  }

  /**
   * What the apps on screen gave, one line per app, or undefined. The agent hands it to the model as
   * untrusted content beside the visitor's message (`withAppContext`), never in the system message.
   */
  modelContext(): string | undefined {
    if (this.#context.size === 0) return undefined;
    return [...this.#context.values()].join('\n');
  }

  async #read(serverId: string, uri: string): Promise<McpAppResource> {
    const connection = this.#deps.connection(serverId);
    if (!connection) throw new McpAppError(serverId, 'not_found', 'no such server is configured.');
    let result: unknown;
    try {
      result = await connection.request(
        `read the app resource ${uri}`,
        (client) => client.readResource({ uri }, { signal: this.#deps.signal }),
        this.#deps.signal,
      );
    } catch (error) {
      throw new McpAppError(
        serverId,
        'not_found',
        `the app resource ${uri} could not be read (${error instanceof Error ? error.message : String(error)}).`,
        error,
      );
    }
    return toAppResource(serverId, uri, result);
  }
}
