import type { McpToolSummary } from '../mcp/mcp-hub-options.js';
import type { Tool } from '../tools/tool.js';

/**
 * Where an agent gets MCP tools from: one-sentence summaries first, full definitions by name. `McpHub`
 * is one; the agent depends only on this shape, so pages without MCP never load the MCP SDK.
 */
export interface McpToolSource {
  /** Summaries of every available tool; a fresh listing when the cached one is past its TTL. */
  summaries(): Promise<McpToolSummary[]>;
  /** Agent tools with full definitions for `names` (unavailable names are skipped). */
  tools(names?: readonly string[]): Promise<Tool[]>;
  /** Servers and their health, for notices about servers that are down. */
  servers?(): Array<{ id: string; status: string; lastError?: string }>;
  /** MCP Apps on screen: what they asked the model to know (added to the next model call). */
  apps?: { modelContext(): string | undefined };
}

/** How the agent offers the tools of its `mcp` source (see {@link AgentOptions.mcpTools}). */
export interface McpToolLoading {
  /**
   * `auto` (default): every definition up front while their estimated tokens stay at or under
   * `lazyAboveTokens`, else the catalog plus `load_tools`. `lazy` and `eager` force one way.
   */
  mode?: 'auto' | 'lazy' | 'eager';
  /** Estimated tokens of all full MCP tool definitions above which `auto` goes lazy; default 1000. */
  lazyAboveTokens?: number;
  /** Estimated tokens the catalog may take; servers past it are left out whole, with a note. Default 4000. */
  catalogMaxTokens?: number;
}

/** True when `value` can serve MCP tools to the agent (an `McpHub` or anything of its shape). */
export function isMcpToolSource(value: unknown): value is McpToolSource {
  const source = value as Partial<McpToolSource> | undefined;
  return typeof source?.summaries === 'function' && typeof source.tools === 'function';
}
