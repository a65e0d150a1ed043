import { NAME } from '../config/config-fields.js';
import type { Handler } from '../http/context.js';
import { forwardCharged } from '../http/forward-charged.js';
import { HttpError } from '../shared/http-error.js';
import { parseJsonRpc } from './json-rpc.js';
import { mcpCost } from './mcp-cost.js';
import { headerMismatch } from './mcp-header-check.js';
import { mcpRequestHeaders } from './mcp-headers.js';
import { withProxyChallenge } from './oauth-relay.js';

/**
 * `POST|GET|DELETE /mcp/{serverId}`: forwards MCP streamable HTTP to the server configured for that
 * id in `MCP_SERVERS`, at exactly its configured URL (the client's query string is dropped; there is
 * no way to name another URL). Status codes, MCP headers and SSE streams pass through unchanged; a
 * request whose `Mcp-Method` / `Mcp-Name` / `MCP-Protocol-Version` headers disagree with its body is
 * answered 400 (-32020) here. Requests without a session (2026-07-28) pass like any other.
 */
export const mcp: Handler = async (c) => {
  const id = c.params.serverId ?? '';
  // Checked before lookup so encoded slashes, dots or CR/LF never reach a log line or a URL.
  if (!NAME.test(id)) {
    throw new HttpError(
      400,
      'invalid_server_id',
      'An MCP server id may only use letters, digits, _ and - (1–64 characters).',
    );
  }
  const server = c.config.mcpServers.get(id);
  if (server === undefined) {
    throw new HttpError(
      404,
      'mcp_server_not_found',
      'No MCP server with this id is configured (MCP_SERVERS).',
    );
  }
  c.log.mcpServer = id;
  const headers = mcpRequestHeaders(c.request.headers, server.apiKey, server.userAuth);
  // A POST carries JSON-RPC; it is checked, priced and forwarded as parsed (see parseJsonRpc).
  const rpc = c.request.method === 'POST' ? parseJsonRpc(c.body ?? new Uint8Array(0)) : undefined;
  const body = rpc?.body;
  const mismatch = rpc === undefined ? undefined : headerMismatch(headers, rpc.messages);
  // -32020 HeaderMismatch with 400, as the server itself would answer: the server never sees it.
  if (mismatch !== undefined)
    return Response.json(
      { jsonrpc: '2.0', id: rpc?.messages[0]?.id ?? null, error: { code: -32020, message: `${mismatch}.` } },
      { status: 400 },
    );
  if (rpc !== undefined) headers.set('Content-Type', 'application/json');
  const cost = rpc === undefined ? 0 : mcpCost(rpc.messages, id, c.config.prices);
  const response = await forwardCharged(c, cost, {
    url: server.url,
    method: c.request.method,
    headers,
    ...(body === undefined ? {} : { body }),
    what: `The MCP server "${id}"`,
    setting: `MCP_SERVERS.${id}.url`,
  });
  return server.userAuth ? withProxyChallenge(response, c.url.origin, id) : response;
};
