import type { Tool as McpTool } from '@modelcontextprotocol/client';
import { estimateTokenCounter } from '../context/token-counter.js';
import { type McpToolUi, readToolUi } from '../mcp-apps/ui-meta.js';
import type { McpServerConfig, McpToolSummary } from './mcp-hub-options.js';
import { firstSentence, isToolAllowed, qualifiedToolName } from './mcp-names.js';

const estimate = estimateTokenCounter();

/**
 * What the hub knows about the servers' tools. Lazy by design (reference §10): after a listing only a
 * one-sentence summary per tool is kept; the full definition (description and input schema) is kept
 * only for tools that were materialised, i.e. offered to the model or called.
 */
export class ToolCatalog {
  readonly #summaries = new Map<string, McpToolSummary>();
  readonly #full = new Map<string, McpTool>();
  readonly #refreshedAt = new Map<string, number>();
  /** MCP Apps metadata of every listed tool (also the app-only ones the model never sees), by full name. */
  readonly #ui = new Map<string, { serverId: string; tool: McpTool; ui: McpToolUi }>();
  /**
   * The same, by server and the tool's real name: what an app names is checked against this, never
   * against the qualified key (`get_data` and `get.data` share `mcp__{server}__get_data`).
   */
  readonly #byRealName = new Map<string, { serverId: string; tool: McpTool; ui: McpToolUi }>();

  /**
   * Takes a server's fresh listing: summaries for the allowed tools, full definitions only for names
   * already materialised (kept current) or named in `materialise`. Returns the number of tools kept.
   */
  replace(
    config: McpServerConfig,
    tools: McpTool[],
    now: number,
    materialise: ReadonlySet<string> = new Set(),
  ): number {
    this.remove(config.id, { keepFull: true });
    const seen = new Set<string>();
    for (const tool of tools) {
      if (!isToolAllowed(tool.name, config.allow, config.deny)) continue;
      const name = qualifiedToolName(config.id, tool.name);
      const ui = readToolUi(config.id, tool);
      this.#byRealName.set(realKey(config.id, tool.name), { serverId: config.id, tool, ui });
      if (seen.has(name)) continue;
      this.#ui.set(name, { serverId: config.id, tool, ui });
      // An app-only tool is callable by its server's app, never offered to the model.
      if (!ui.visibility.includes('model')) continue;
      seen.add(name);
      this.#summaries.set(name, {
        name,
        serverId: config.id,
        toolName: tool.name,
        summary: firstSentence(tool.description) || tool.title || tool.name,
        // What offering it eagerly would cost: the agent compares the sum with its lazy-loading threshold.
        definitionTokens: estimate.count(
          JSON.stringify({ name, description: tool.description ?? '', parameters: tool.inputSchema }),
        ),
      });
      if (this.#full.has(name) || materialise.has(name)) this.#full.set(name, tool);
    }
    for (const name of [...this.#full.keys()])
      if (!seen.has(name) && name.startsWith(`mcp__${config.id}__`)) this.#full.delete(name);
    this.#refreshedAt.set(config.id, now);
    return seen.size;
  }

  /** Forgets a server's tools (it is down, or gone from the config). */
  remove(serverId: string, options: { keepFull?: boolean } = {}): void {
    for (const [name, entry] of this.#ui) if (entry.serverId === serverId) this.#ui.delete(name);
    for (const [key, entry] of this.#byRealName)
      if (entry.serverId === serverId) this.#byRealName.delete(key);
    for (const [name, summary] of this.#summaries)
      if (summary.serverId === serverId) {
        this.#summaries.delete(name);
        if (!options.keepFull) this.#full.delete(name);
      }
    if (!options.keepFull) this.#refreshedAt.delete(serverId);
  }

  /** Every tool of every reachable server, as summaries. */
  summaries(): McpToolSummary[] {
    return [...this.#summaries.values()];
  }

  summary(name: string): McpToolSummary | undefined {
    return this.#summaries.get(name);
  }

  /** The full definition, when the tool has been materialised. */
  full(name: string): McpTool | undefined {
    return this.#summaries.has(name) ? this.#full.get(name) : undefined;
  }

  /** A listed tool's MCP Apps metadata and definition (app-only tools included). */
  ui(name: string): { serverId: string; tool: McpTool; ui: McpToolUi } | undefined {
    return this.#ui.get(name);
  }

  /** A listed tool of `serverId` by its real name (as an app names it), app-only tools included. */
  appTool(
    serverId: string,
    toolName: string,
  ): { serverId: string; tool: McpTool; ui: McpToolUi } | undefined {
    return this.#byRealName.get(realKey(serverId, toolName));
  }

  /** Names whose full definition is kept. */
  materialised(): string[] {
    return [...this.#full.keys()].filter((name) => this.#summaries.has(name));
  }

  /** Tool count of one server. */
  count(serverId: string): number {
    let count = 0;
    for (const summary of this.#summaries.values()) if (summary.serverId === serverId) count++;
    return count;
  }

  /** True when the server's listing is older than `ttlMs` (or was never taken). */
  isStale(serverId: string, ttlMs: number, now: number): boolean {
    const at = this.#refreshedAt.get(serverId);
    return at === undefined || now - at >= ttlMs;
  }

  /** Marks a server's listing as out of date (`notifications/tools/list_changed`). */
  invalidate(serverId: string): void {
    this.#refreshedAt.delete(serverId);
  }
}

function realKey(serverId: string, toolName: string): string {
  return `${serverId}\n${toolName}`;
}
