import type { JsonRpcMessage } from './json-rpc.js';

/** The first revision whose requests carry `Mcp-Method` / `Mcp-Name` (SEP-2243). */
const HEADERS_REVISION = '2026-07-28';
/** Methods that address one tool, prompt or resource, and the parameter `Mcp-Name` mirrors. */
const NAMED_PARAM: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'resources/subscribe': 'uri',
  'resources/unsubscribe': 'uri',
};
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/**
 * Where a POST's standard MCP headers disagree with its body, as the 2026-07-28 revision requires
 * servers to reject (so an intermediary that routes or prices by header acts on what the server will
 * run): `Mcp-Method` must be the body's `method`, `Mcp-Name` its `params.name` (tools, prompts) or
 * `params.uri` (resources), both present on a 2026-07-28 request, and `MCP-Protocol-Version` the
 * revision its `_meta` claims. Undefined when they agree. `Mcp-Param-*` headers are left to the
 * server: which arguments they mirror is in the tool's schema, which the proxy does not hold.
 */
export function headerMismatch(headers: Headers, messages: readonly JsonRpcMessage[]): string | undefined {
  const method = headers.get('mcp-method');
  const name = headers.get('mcp-name');
  const version = headers.get('mcp-protocol-version');
  const modern = version !== null && version >= HEADERS_REVISION;
  const [message] = messages;
  if (messages.length !== 1 || message?.method === undefined) {
    if (method !== null || name !== null)
      return 'Mcp-Method and Mcp-Name name a single request, not a batch or a response';
    return undefined;
  }
  if (method === null)
    return modern ? `Mcp-Method is missing (the body's method is "${message.method}")` : undefined;
  if (method !== message.method)
    return `Mcp-Method says "${method}" but the body's method is "${message.method}"`;
  const params = message.params !== undefined && !Array.isArray(message.params) ? message.params : {};
  const key = NAMED_PARAM[message.method];
  const target = key === undefined ? undefined : params[key];
  if (name !== null) {
    if (typeof target !== 'string')
      return `Mcp-Name is set but "${message.method}" names nothing in its body`;
    if (decodeHeaderValue(name) !== target) return `Mcp-Name does not match the body's params.${key}`;
  } else if (modern && typeof target === 'string')
    return `Mcp-Name is missing (the body names params.${key})`;
  const meta = params._meta;
  const claimed =
    typeof meta === 'object' && meta !== null
      ? (meta as Record<string, unknown>)[PROTOCOL_VERSION_META]
      : undefined;
  if (version !== null && typeof claimed === 'string' && claimed !== version)
    return `MCP-Protocol-Version says ${version} but the body's _meta claims ${claimed}`;
  return undefined;
}

/** A header value as SEP-2243 encodes it: plain visible ASCII, or `=?base64?…?=` for anything else. */
function decodeHeaderValue(value: string): string | undefined {
  const wrapped = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/i.exec(value);
  if (!wrapped) return value;
  try {
    const bytes = Uint8Array.from(atob(wrapped[1]!), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}
