import { NAME } from '../config/config-fields.js';
import type { McpServerConfig } from '../config/config-types.js';
import type { Context, Handler } from '../http/context.js';
import { forwardCharged } from '../http/forward-charged.js';
import { pickHeaders } from '../http/forwarded-headers.js';
import { HttpError } from '../shared/http-error.js';
import { jsonResponse } from '../shared/json-response.js';
import { chargeUsage } from '../usage/charge-usage.js';
import { cachedMetadata } from './metadata-cache.js';
import { refusedAddress } from './public-url.js';

// For MCP servers with `"auth": "user"` the proxy serves what a browser's sign-in needs from it:
// the server's protected-resource metadata, its authorization server's metadata and a relay to the
// token, registration and revocation endpoints (which often send no CORS headers). The user's browser
// still visits the real authorization endpoint; the proxy never keeps a token and adds no credential.

type Json = Record<string, unknown>;

/** `GET /.well-known/oauth-protected-resource/mcp/{id}`: the upstream's metadata, signed in through us. */
export const oauthProtectedResource: Handler = async (c) => {
  const { server, base } = userAuthServer(c);
  await chargeUsage(c, 0);
  const metadata = await resourceMetadata(c, server);
  // `resource` stays the upstream's: the token is for the server behind the proxy.
  return jsonResponse({ ...metadata, authorization_servers: [base] });
};

/** `GET /.well-known/oauth-authorization-server/mcp/{id}/oauth`: the authorization server's metadata. */
export const oauthServerMetadata: Handler = async (c) => {
  const { server, base } = userAuthServer(c);
  await chargeUsage(c, 0);
  const metadata = await serverMetadata(c, server);
  const relayed = (field: string, endpoint: string) =>
    typeof metadata[field] === 'string' ? { [field]: `${base}/${endpoint}` } : {};
  return jsonResponse({
    ...metadata,
    issuer: base,
    ...relayed('token_endpoint', 'token'),
    ...relayed('registration_endpoint', 'register'),
    ...relayed('revocation_endpoint', 'revoke'),
  });
};

const RELAYED: Record<string, string> = {
  token: 'token_endpoint',
  register: 'registration_endpoint',
  revoke: 'revocation_endpoint',
};

/** `POST /mcp/{id}/oauth/{token|register|revoke}`: the request as the browser sent it, and the answer. */
export const oauthRelay: Handler = async (c) => {
  const { server } = userAuthServer(c);
  const field = RELAYED[c.params.endpoint ?? ''];
  if (field === undefined)
    throw new HttpError(
      404,
      'not_found',
      'The sign-in relay serves /oauth/token, /oauth/register and /oauth/revoke.',
    );
  const url = (await serverMetadata(c, server))[field];
  if (typeof url !== 'string')
    throw new HttpError(
      404,
      'oauth_endpoint_missing',
      `The authorization server of "${server.id}" has no ${field}.`,
    );
  // The client's own authentication (client_secret_basic) goes along; nothing of the proxy's does.
  const headers = pickHeaders(c.request.headers, ['accept', 'content-type', 'authorization']);
  return forwardCharged(c, 0, {
    url: relayUrl(c, url, field, server),
    method: 'POST',
    headers,
    body: c.body ?? new Uint8Array(0),
    what: `The authorization server of "${server.id}"`,
    setting: `MCP_SERVERS.${server.id}.url (its OAuth metadata)`,
  });
};

/**
 * An upstream's 401 / 403 challenge, pointed at the proxy's copy of the protected-resource metadata
 * (the upstream's own URL is not reachable from the browser, or not with CORS).
 */
export function withProxyChallenge(response: Response, origin: string, id: string): Response {
  const challenge = response.headers.get('WWW-Authenticate');
  if ((response.status !== 401 && response.status !== 403) || challenge === null) return response;
  const metadata = `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp/${id}"`;
  const rewritten = /resource_metadata=("[^"]*"|[^\s,]+)/.test(challenge)
    ? challenge.replace(/resource_metadata=("[^"]*"|[^\s,]+)/, metadata)
    : `${challenge}${/^Bearer\s*$/i.test(challenge) ? ' ' : ', '}${metadata}`;
  const headers = new Headers(response.headers);
  headers.set('WWW-Authenticate', rewritten);
  return new Response(response.body, { status: response.status, headers });
}

function userAuthServer(c: Context): { server: McpServerConfig; base: string } {
  const id = c.params.serverId ?? '';
  const server = NAME.test(id) ? c.config.mcpServers.get(id) : undefined;
  if (server === undefined || !server.userAuth)
    throw new HttpError(
      404,
      'mcp_server_not_found',
      'No MCP server with this id and "auth": "user" is configured (MCP_SERVERS).',
    );
  return { server, base: `${c.url.origin}/mcp/${id}/oauth` };
}

async function resourceMetadata(c: Context, server: McpServerConfig): Promise<Json> {
  const url = new URL(server.url);
  const path = url.pathname.replace(/\/$/, '');
  const candidates = [
    `/.well-known/oauth-protected-resource${path}`,
    '/.well-known/oauth-protected-resource',
  ];
  return fetchMetadata(
    c,
    server,
    candidates.map((p) => `${url.origin}${p}`),
    'protected-resource',
  );
}

async function serverMetadata(c: Context, server: McpServerConfig): Promise<Json> {
  const issuer = (await resourceMetadata(c, server)).authorization_servers;
  const first = Array.isArray(issuer) ? issuer[0] : undefined;
  if (typeof first !== 'string')
    throw new HttpError(
      502,
      'oauth_metadata_invalid',
      `The MCP server "${server.id}" names no authorization server in its metadata.`,
    );
  const url = new URL(relayUrl(c, first, 'authorization_servers', server));
  const path = url.pathname.replace(/\/$/, '');
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
  return fetchMetadata(c, server, [...new Set(candidates)], 'authorization-server');
}

/** The first of `urls` that answers a JSON object, reused for a minute (see {@link cachedMetadata}). */
function fetchMetadata(c: Context, server: McpServerConfig, urls: string[], kind: string): Promise<Json> {
  return cachedMetadata(c.config, urls.join(' '), c.now(), () => loadMetadata(c, server, urls, kind));
}

async function loadMetadata(
  c: Context,
  server: McpServerConfig,
  urls: string[],
  kind: string,
): Promise<Json> {
  for (const url of urls) {
    let response: Response;
    try {
      response = await c.fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual' });
    } catch (cause) {
      throw new HttpError(
        502,
        'upstream_unreachable',
        `The ${kind} metadata of "${server.id}" could not be reached.`,
        { cause },
      );
    }
    if (response.status === 404) {
      await response.body?.cancel();
      continue;
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new HttpError(
        502,
        'oauth_redirect',
        `The ${kind} metadata of "${server.id}" answered with a redirect, which the sign-in relay does not follow: the server must publish it at the well-known URL itself (MCP_SERVERS.${server.id}).`,
      );
    }
    const value: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
    if (!response.ok) await response.body?.cancel();
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new HttpError(
        502,
        'oauth_metadata_invalid',
        `The ${kind} metadata of "${server.id}" is not a JSON object (HTTP ${response.status}).`,
      );
    return value as Json;
  }
  throw new HttpError(
    404,
    'oauth_metadata_missing',
    `The MCP server "${server.id}" publishes no ${kind} metadata, so the user cannot sign in to it.`,
  );
}

/**
 * A URL taken from upstream metadata: only public https (issue 39), unless `ALLOW_LOCAL_OAUTH_URLS`
 * lets a local test reach its fakes over http on 127.0.0.1; never anything else the runtime could fetch.
 */
function relayUrl(c: Context, value: string, field: string, server: McpServerConfig): string {
  const url = URL.parse(value);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new HttpError(
      502,
      'oauth_metadata_invalid',
      `The ${field} of "${server.id}" is not an http(s) URL.`,
    );
  const refused = c.config.allowLocalOAuthUrls ? undefined : refusedAddress(url);
  if (refused !== undefined)
    throw new HttpError(
      502,
      'oauth_url_refused',
      `The ${field} of "${server.id}" (in its OAuth metadata) is refused: ${refused}. The sign-in relay reaches only public https addresses: fix the server's metadata (MCP_SERVERS.${server.id}); ALLOW_LOCAL_OAUTH_URLS=true allows local ones, for tests and dev only.`,
    );
  return url.href;
}
