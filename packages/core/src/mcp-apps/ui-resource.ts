import { McpAppError } from './mcp-app-error.js';
import { MCP_APP_MIME_TYPE } from './ui-meta.js';

/** The CSP an app declares (`_meta.ui.csp` of its resource): the origins it may reach. */
export interface McpAppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** An MCP App's HTML and what its resource declares about how to host it. */
export interface McpAppResource {
  uri: string;
  html: string;
  csp: McpAppCsp;
  /** Browser permissions it asks for (`camera`, `microphone`, `geolocation`, `clipboardWrite`). */
  permissions: Record<string, object>;
  prefersBorder?: boolean;
}

/**
 * Checks a `resources/read` result for an app's `ui://` resource: the entry for that URI, of type
 * `text/html;profile=mcp-app`, with its HTML as text (or base64 blob). Throws {@link McpAppError}.
 */
export function toAppResource(serverId: string, uri: string, result: unknown): McpAppResource {
  const contents = (result as { contents?: unknown })?.contents;
  const list = Array.isArray(contents) ? (contents as Array<Record<string, unknown>>) : [];
  const entry = list.find((c) => c?.uri === uri) ?? list[0];
  if (!entry) throw new McpAppError(serverId, 'not_found', `the app resource ${uri} is empty.`);
  const mime = String(entry.mimeType ?? '');
  if (mime.replace(/\s+/g, '').toLowerCase() !== MCP_APP_MIME_TYPE)
    throw new McpAppError(
      serverId,
      'wrong_mime_type',
      `the app resource ${uri} has the type ${JSON.stringify(mime)}, not ${MCP_APP_MIME_TYPE}; it is not shown.`,
    );
  const html =
    typeof entry.text === 'string'
      ? entry.text
      : typeof entry.blob === 'string'
        ? new TextDecoder().decode(Uint8Array.from(atob(entry.blob), (c) => c.charCodeAt(0)))
        : undefined;
  if (html === undefined) throw new McpAppError(serverId, 'no_html', `the app resource ${uri} has no HTML.`);
  const ui = ((entry._meta as Record<string, unknown> | undefined)?.ui ?? {}) as Record<string, unknown>;
  return {
    uri,
    html,
    csp: readCsp(ui.csp),
    permissions: isRecord(ui.permissions) ? (ui.permissions as Record<string, object>) : {},
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
  };
}

function readCsp(value: unknown): McpAppCsp {
  if (!isRecord(value)) return {};
  const csp: McpAppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list = value[key];
    if (Array.isArray(list)) csp[key] = list.filter((d): d is string => typeof d === 'string');
  }
  return csp;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
