import type { WidgetContent } from './widget-node.js';

/**
 * Multi-modal content a tool (or an MCP server) can produce, emitted as `tool.content` events.
 * The model receives the text part; UIs render the rest. Everything here is untrusted data:
 * render Markdown through a sanitizer and `html` only inside a sandboxed iframe.
 */
export type ContentItem =
  | { kind: 'text'; text: string }
  | { kind: 'markdown'; markdown: string }
  | { kind: 'image'; data: string; mimeType: string; alt?: string }
  | { kind: 'audio'; data: string; mimeType: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'table'; columns: string[]; rows: unknown[][]; caption?: string }
  | { kind: 'chart'; chart: ChartSpec }
  | { kind: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string; name?: string }
  | { kind: 'html'; html: string; title?: string }
  | McpAppContent
  | WidgetContent;

/**
 * A tool result an MCP App shows (SEP-1865): the tool's server, its `ui://` resource, the call's
 * arguments and the server's result as it came (the model reads the text item beside it).
 */
export interface McpAppContent {
  kind: 'mcp-app';
  serverId: string;
  /** The tool's name on its server. */
  toolName: string;
  resourceUri: string;
  args: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** A simple chart a UI can draw without a charting library. */
export interface ChartSpec {
  type: 'bar' | 'line' | 'pie';
  title?: string;
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
}
