import type { McpToolSummary } from './mcp-hub-options.js';

/**
 * The supervisor's compact view of the MCP tools: one block per server, one `- tool: first sentence`
 * line per tool, the `mcp__{server}__` prefix said once per server instead of once per tool.
 *
 * @example
 * toolCatalogText(await hub.summaries());
 * // MCP server "docs" (call its tools as mcp__docs__<tool>):
 * // - search: Full-text search over the documentation.
 */
export function toolCatalogText(summaries: readonly McpToolSummary[]): string {
  const byServer = new Map<string, McpToolSummary[]>();
  for (const summary of summaries) {
    const group = byServer.get(summary.serverId) ?? [];
    group.push(summary);
    byServer.set(summary.serverId, group);
  }
  const blocks: string[] = [];
  for (const [serverId, group] of byServer) {
    const lines = group.map((s) => `- ${s.name.slice(`mcp__${serverId}__`.length)}: ${s.summary}`);
    blocks.push(
      `MCP server "${serverId}" (call its tools as mcp__${serverId}__<tool>):\n${lines.join('\n')}`,
    );
  }
  return blocks.join('\n\n');
}
