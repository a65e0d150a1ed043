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
  | { kind: 'html'; html: string; title?: string };

/** A simple chart a UI can draw without a charting library. */
export interface ChartSpec {
  type: 'bar' | 'line' | 'pie';
  title?: string;
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
}
