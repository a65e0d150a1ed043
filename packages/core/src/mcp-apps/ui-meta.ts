import type { Tool as McpTool } from '@modelcontextprotocol/client';

/** The MCP Apps extension id (SEP-1865), as advertised in the client's `capabilities.extensions`. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP App's HTML resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** Who may call a tool: the model, the server's own app, or both (the default). */
export type McpToolVisibility = 'model' | 'app';

/** What a tool's `_meta.ui` says, once checked. */
export interface McpToolUi {
  /** The `ui://` resource of its app, when it links one. */
  resourceUri?: string;
  visibility: McpToolVisibility[];
}

/**
 * Reads a tool's `_meta.ui` (and the older flat `_meta["ui/resourceUri"]`). A link that is not a
 * `ui://` URI of this server (another scheme, another host's page) is refused with a console warning
 * naming the server and the tool; the tool then works as a plain tool with its text result.
 */
export function readToolUi(serverId: string, tool: McpTool): McpToolUi {
  const meta = (tool._meta ?? {}) as Record<string, unknown>;
  const ui = meta.ui;
  const record =
    typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? (ui as Record<string, unknown>) : {};
  if (ui !== undefined && record !== ui) warn(serverId, tool.name, '_meta.ui is not an object');
  const visibility = readVisibility(serverId, tool.name, record.visibility);
  const uri = record.resourceUri ?? meta['ui/resourceUri'];
  if (uri === undefined) return { visibility };
  if (typeof uri !== 'string' || !/^ui:\/\/[^\s]+$/i.test(uri)) {
    warn(serverId, tool.name, `resourceUri ${JSON.stringify(uri)} is not a ui:// resource of this server`);
    return { visibility };
  }
  return { resourceUri: uri, visibility };
}

function readVisibility(serverId: string, toolName: string, value: unknown): McpToolVisibility[] {
  if (value === undefined) return ['model', 'app'];
  if (Array.isArray(value) && value.every((v) => v === 'model' || v === 'app'))
    return value as McpToolVisibility[];
  warn(serverId, toolName, `visibility ${JSON.stringify(value)} is not a list of "model" and "app"`);
  return ['model', 'app'];
}

// Listings repeat (refreshes, list_changed): each problem is said once per page.
const warned = new Set<string>();

function warn(serverId: string, toolName: string, problem: string): void {
  const key = `${serverId}\n${toolName}\n${problem}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(
    `agent-chat: MCP server "${serverId}", tool "${toolName}": malformed _meta.ui (${problem}); its app is not shown, its text result is.`,
  );
}
