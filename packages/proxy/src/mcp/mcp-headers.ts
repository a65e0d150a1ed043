import { pickHeaders } from '../http/forwarded-headers.js';
import { HttpError } from '../shared/http-error.js';

/**
 * Client headers forwarded to an MCP server (streamable HTTP): content negotiation plus the
 * protocol's own headers. Everything else, Cookie, Authorization and Origin included, stays behind.
 */
export const MCP_REQUEST_HEADERS: readonly string[] = [
  'accept',
  'content-type',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  // 2026-07-28 (SEP-2243): the method and its target, mirrored from the body for routing.
  'mcp-method',
  'mcp-name',
];

/** `Mcp-Param-{Name}`: tool arguments a tool's schema asks to mirror as headers (SEP-2243). */
const PARAM_HEADER = /^mcp-param-[a-z0-9-]{1,64}$/;
/** More than this many mirrored arguments is no tool call but a header flood. */
const MAX_PARAM_HEADERS = 32;
/** Mirrored values: visible ASCII and spaces (anything else arrives base64-wrapped). */
const HEADER_TEXT = /^[\x20-\x7e]{1,4096}$/;

// The spec allows only visible ASCII in session ids; the same bound keeps event ids and versions
// from smuggling anything into the upstream request.
const VISIBLE_ASCII = /^[\x21-\x7e]{1,256}$/;
const PROTOCOL_VERSION = /^\d{4}-\d{2}-\d{2}$/;

/** Builds the upstream request headers for an MCP call; throws 400 on a malformed protocol header. */
export function mcpRequestHeaders(incoming: Headers, apiKey: string | undefined, userAuth = false): Headers {
  const headers = pickHeaders(incoming, MCP_REQUEST_HEADERS);
  let params = 0;
  for (const [name, value] of incoming) {
    if (!name.startsWith('mcp-param-')) continue;
    if (!PARAM_HEADER.test(name) || ++params > MAX_PARAM_HEADERS || !HEADER_TEXT.test(value))
      throw invalidHeader(name);
    headers.set(name, value);
  }
  for (const name of ['mcp-method', 'mcp-name']) {
    const value = headers.get(name);
    if (value !== null && !HEADER_TEXT.test(value)) throw invalidHeader(name);
  }
  // A server the user signs in to gets the user's own bearer token, and nothing else of the client's.
  const authorization = incoming.get('authorization');
  if (userAuth && authorization !== null) {
    if (!/^Bearer [\x21-\x7e]{1,4096}$/.test(authorization)) throw invalidHeader('authorization');
    headers.set('Authorization', authorization);
  }
  for (const name of ['mcp-session-id', 'last-event-id']) {
    const value = headers.get(name);
    if (value !== null && !VISIBLE_ASCII.test(value)) throw invalidHeader(name);
  }
  const version = headers.get('mcp-protocol-version');
  if (version !== null && !PROTOCOL_VERSION.test(version)) throw invalidHeader('mcp-protocol-version');
  if (apiKey !== undefined) headers.set('Authorization', `Bearer ${apiKey}`);
  return headers;
}

function invalidHeader(name: string): HttpError {
  return new HttpError(
    400,
    'invalid_header',
    name === 'authorization'
      ? 'The Authorization header must be `Bearer <token>` (the user’s token for this MCP server).'
      : name.startsWith('mcp-param-') || name === 'mcp-method' || name === 'mcp-name'
        ? `The ${name} header must be 1–4096 printable ASCII characters (base64-wrapped otherwise), with at most ${MAX_PARAM_HEADERS} Mcp-Param-* headers named by letters, digits and -.`
        : `The ${name} header must be 1–256 visible ASCII characters (a protocol version like 2025-06-18).`,
  );
}
