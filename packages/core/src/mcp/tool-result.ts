import type { ContentItem } from '../model/content.js';

/** An MCP content block as servers send it (loosely typed: servers are untrusted). */
type McpContentBlock = { type?: unknown; [key: string]: unknown };

/** What the hub makes of an MCP `tools/call` result. */
export interface McpToolOutcome {
  /** Every content block as a {@link ContentItem}, for `tool.content` events. */
  items: ContentItem[];
  /** What the model receives: the text parts, a line per non-text part, cut to the budget. */
  text: string;
  /** The server flagged the result as an error (`isError`). */
  isError: boolean;
  /** The text was longer than the budget and was cut. */
  truncated: boolean;
  /** The server's result as it came (for an MCP App, which is sent it whole). */
  result?: unknown;
}

// Raster formats only: SVG can carry scripts, so it is passed on as a resource, never as an image.
const SAFE_IMAGE = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Normalizes an MCP tool result into content items and the model's text. Everything is kept as data:
 * HTML stays a string inside a `text` or `resource` item (never `html`), images must be raster and
 * base64, and text beyond `maxChars` is cut with a note the model can act on.
 */
export function normalizeToolResult(result: unknown, maxChars: number): McpToolOutcome {
  const record = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const blocks = Array.isArray(record.content) ? (record.content as McpContentBlock[]) : [];
  const items: ContentItem[] = [];
  const parts: string[] = [];
  for (const block of blocks) {
    const item = toContentItem(block);
    if (!item) {
      parts.push(`[unsupported content of type ${JSON.stringify(String(block?.type)).slice(0, 40)}]`);
      continue;
    }
    items.push(item);
    parts.push(describeForModel(item));
  }
  if (record.structuredContent !== undefined && typeof record.structuredContent === 'object') {
    items.push({ kind: 'json', value: record.structuredContent });
    if (parts.length === 0) parts.push(JSON.stringify(record.structuredContent));
  }
  const full = parts.join('\n');
  const truncated = full.length > maxChars;
  const text = truncated
    ? `${full.slice(0, maxChars)}\n[Result truncated: ${maxChars} of ${full.length} characters shown. If you need the rest, call the tool again asking for less (a filter, a page, a smaller range).]`
    : full;
  return { items, text, isError: record.isError === true, truncated };
}

function toContentItem(block: McpContentBlock): ContentItem | undefined {
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  switch (block?.type) {
    case 'text': {
      const text = str(block.text);
      return text === undefined ? undefined : { kind: 'text', text };
    }
    case 'image': {
      const data = str(block.data);
      const mimeType = str(block.mimeType) ?? 'application/octet-stream';
      if (data === undefined || !BASE64.test(data)) return undefined;
      if (!SAFE_IMAGE.test(mimeType)) return { kind: 'resource', uri: 'data:', mimeType, blob: data };
      return { kind: 'image', data, mimeType };
    }
    case 'audio': {
      const data = str(block.data);
      const mimeType = str(block.mimeType);
      if (data === undefined || !BASE64.test(data) || !mimeType?.startsWith('audio/')) return undefined;
      return { kind: 'audio', data, mimeType };
    }
    case 'resource': {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      const uri = str(resource.uri);
      if (uri === undefined) return undefined;
      const mimeType = str(resource.mimeType);
      const text = str(resource.text);
      const blob = str(resource.blob);
      return {
        kind: 'resource',
        uri,
        ...(mimeType ? { mimeType } : {}),
        ...(text !== undefined ? { text } : {}),
        ...(blob !== undefined ? { blob } : {}),
      };
    }
    case 'resource_link': {
      const uri = str(block.uri);
      if (uri === undefined) return undefined;
      const mimeType = str(block.mimeType);
      const name = str(block.name);
      return { kind: 'resource', uri, ...(mimeType ? { mimeType } : {}), ...(name ? { name } : {}) };
    }
    default:
      return undefined;
  }
}

function describeForModel(item: ContentItem): string {
  switch (item.kind) {
    case 'text':
      return item.text;
    case 'image':
      return `[image ${item.mimeType}, ${base64Bytes(item.data)} bytes, shown to the user]`;
    case 'audio':
      return `[audio ${item.mimeType}, ${base64Bytes(item.data)} bytes, available to the user]`;
    case 'resource':
      if (item.text !== undefined)
        return `[resource ${item.uri}${item.mimeType ? ` (${item.mimeType})` : ''}]\n${item.text}`;
      if (item.blob !== undefined)
        return `[resource ${item.uri} (${item.mimeType ?? 'binary'}), ${base64Bytes(item.blob)} bytes]`;
      return `[resource link ${item.uri}${item.name ? ` "${item.name}"` : ''}]`;
    default:
      return JSON.stringify(item);
  }
}

function base64Bytes(data: string): number {
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}
