import { CATALOG_SUMMARY_WORDS, catalogSummary } from './catalog-summary.js';
import type { McpToolSummary } from './mcp-hub-options.js';

/**
 * The supervisor's compact view of the MCP tools: one block per server, one `tool: summary` line per
 * tool (no bullet: a token per line, in every request), the `mcp__{server}__` prefix said once per
 * server instead of once per tool. The summary is the first clause of the description's first sentence,
 * at most `summaryWords` words ({@link CATALOG_SUMMARY_WORDS} by default, a length chosen by the
 * findability measure of `pnpm bench mcp-tool-tokens`), left out where it only repeats the tool's name
 * (see {@link catalogSummary}).
 *
 * @example
 * toolCatalogText(await hub.summaries());
 * // mcp__docs__*:
 * // search: Full-text search over documentation
 */
export function toolCatalogText(
  summaries: readonly McpToolSummary[],
  summaryWords = CATALOG_SUMMARY_WORDS,
): string {
  return serverBlocks(summaries, summaryWords)
    .map((block) => block.text)
    .join('\n\n');
}

/** A catalog cut to a token budget: whole servers are left out, never half a server. */
export interface FittedCatalog {
  text: string;
  /** Servers left out to fit, with their tool counts, in catalog order. */
  omitted: Array<{ serverId: string; toolCount: number }>;
}

/**
 * {@link toolCatalogText} within `maxTokens` (as `count` measures them): servers are kept in order
 * while they fit, the others are left out whole, and the text ends with a line that says which.
 */
export function fitToolCatalog(
  summaries: readonly McpToolSummary[],
  maxTokens: number,
  count: (text: string) => number,
): FittedCatalog {
  const kept: string[] = [];
  const omitted: FittedCatalog['omitted'] = [];
  let used = 0;
  for (const block of serverBlocks(summaries, CATALOG_SUMMARY_WORDS)) {
    const tokens = count(block.text);
    if (omitted.length === 0 && used + tokens <= maxTokens) {
      kept.push(block.text);
      used += tokens;
    } else omitted.push({ serverId: block.serverId, toolCount: block.toolCount });
  }
  if (omitted.length > 0)
    kept.push(
      `Catalog cut to fit its budget of ${maxTokens} tokens: the tools of ${omitted
        .map((o) => `"${o.serverId}" (${o.toolCount})`)
        .join(', ')} are not listed here.`,
    );
  return { text: kept.join('\n\n'), omitted };
}

function serverBlocks(summaries: readonly McpToolSummary[], summaryWords: number) {
  const byServer = new Map<string, McpToolSummary[]>();
  for (const summary of summaries) {
    const group = byServer.get(summary.serverId) ?? [];
    group.push(summary);
    byServer.set(summary.serverId, group);
  }
  return [...byServer].map(([serverId, group]) => {
    const lines = group.map((s) => {
      const tool = s.name.slice(`mcp__${serverId}__`.length);
      const summary = catalogSummary(s.summary, s.toolName, serverId, summaryWords);
      return summary ? `${tool}: ${summary}` : tool;
    });
    return {
      serverId,
      toolCount: group.length,
      text: `mcp__${serverId}__*:\n${lines.join('\n')}`,
    };
  });
}
