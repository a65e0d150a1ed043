// A local OAuth 2.1 authorization server and an MCP server it protects, for sign-in tests (hosted
// authorization servers are out of reach here). Real HTTP on 127.0.0.1 free ports: RFC 8414 metadata,
// dynamic registration, authorization with PKCE S256 (auto-approve, deny, or a consent page with Allow /
// Deny buttons), authorization_code and refresh_token grants, RFC 7009 revocation; the MCP server
// serves RFC 9728 metadata and answers 401 with WWW-Authenticate without a valid token.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { answerStateless } from '../v2-servers.ts';

/** What the test can change while the servers run. */
export interface OAuthTestSettings {
  /** Lifetime of access tokens in seconds. */
  accessTokenTtlS: number;
  /** `auto` approves at once; `deny` answers access_denied; `page` shows Allow / Deny buttons. */
  consent: 'auto' | 'deny' | 'page';
  /** The authorization server sends CORS headers (a browser can call it directly). */
  cors: boolean;
  /** The token endpoint fails with 500 (an authorization server that is down). */
  failTokens: boolean;
  /**
   * A signed-in `tools/call` is refused with 403: `forbidden` plainly (the account may not do this),
   * `insufficient_scope` with a challenge asking for a scope no sign-in grants.
   */
  refuseToolCalls: 'no' | 'forbidden' | 'insufficient_scope';
}

/** One request either server received: enough to check where a token went. */
export interface RecordedRequest {
  server: 'auth' | 'mcp';
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface OAuthTestServers {
  /** The protected MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  mcpUrl: string;
  issuer: string;
  settings: OAuthTestSettings;
  requests: RecordedRequest[];
  /** Access tokens issued so far, and the ones revoked. */
  issued: string[];
  revoked: string[];
  /** The server takes every access token issued so far as expired (refresh tokens stay valid). */
  expireAccessTokens(): void;
  stop(): Promise<void>;
}

interface Grant {
  clientId: string;
  scope: string;
  resource: string | undefined;
}

export async function startOAuthTestServers(
  initial: Partial<OAuthTestSettings> = {},
): Promise<OAuthTestServers> {
  const settings: OAuthTestSettings = {
    accessTokenTtlS: 3600,
    consent: 'auto',
    cors: true,
    failTokens: false,
    refuseToolCalls: 'no',
    ...initial,
  };
  const requests: RecordedRequest[] = [];
  const issued: string[] = [];
  const revoked: string[] = [];
  const clients = new Map<string, { redirect_uris: string[] }>();
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const access = new Map<string, Grant & { expiresAt: number }>();
  const refresh = new Map<string, Grant>();
  const pendingConsent = new Map<string, URL>();
  const scopesSupported = ['mcp:tools', 'offline_access'];

  const authServer = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', issuer);
    requests.push({
      server: 'auth',
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });
    if (settings.cors) {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'content-type, authorization, mcp-protocol-version');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    }
    if (url.pathname === '/.well-known/oauth-authorization-server')
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        revocation_endpoint: `${issuer}/revoke`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        scopes_supported: scopesSupported,
      });
    if (url.pathname === '/register' && req.method === 'POST') {
      const metadata = JSON.parse(body) as { redirect_uris: string[] };
      const clientId = `client-${randomUUID()}`;
      clients.set(clientId, metadata);
      return json(res, 201, {
        ...metadata,
        client_id: clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
      });
    }
    if (url.pathname === '/authorize') {
      const params = url.searchParams;
      const client = clients.get(params.get('client_id') ?? '');
      const redirectUri = params.get('redirect_uri') ?? '';
      if (!client?.redirect_uris.includes(redirectUri))
        return void res
          .writeHead(400, { 'content-type': 'text/plain' })
          .end('unknown client or redirect_uri');
      if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))
        return void res.writeHead(400, { 'content-type': 'text/plain' }).end('PKCE S256 required');
      if (settings.consent === 'page') {
        const id = randomUUID();
        pendingConsent.set(id, url);
        return void res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><html lang="en"><title>Sign in</title><h1>Allow agent-chat to use your account?</h1><p>Scopes: ${escapeHtml(params.get('scope') ?? '')}</p><form method="post" action="/consent"><input type="hidden" name="id" value="${id}"><button name="decision" value="allow">Allow</button><button name="decision" value="deny">Deny</button></form>`,
          );
      }
      return redirectWithDecision(res, url, settings.consent === 'auto');
    }
    if (url.pathname === '/consent' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      const pending = pendingConsent.get(form.get('id') ?? '');
      if (!pending) return void res.writeHead(400).end('unknown consent');
      pendingConsent.delete(form.get('id') ?? '');
      return redirectWithDecision(res, pending, form.get('decision') === 'allow');
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      if (settings.failTokens)
        return json(res, 500, { error: 'server_error', error_description: 'token store down' });
      const form = new URLSearchParams(body);
      const grantType = form.get('grant_type');
      let grant: Grant | undefined;
      if (grantType === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !code ||
          code.clientId !== form.get('client_id') ||
          code.redirectUri !== form.get('redirect_uri') ||
          code.challenge !== challenge
        )
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'bad code, client, redirect_uri or PKCE verifier',
          });
        grant = code;
      } else if (grantType === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        grant = refresh.get(token);
        refresh.delete(token);
        if (!grant)
          return json(res, 400, { error: 'invalid_grant', error_description: 'unknown refresh token' });
      } else return json(res, 400, { error: 'unsupported_grant_type' });
      const accessToken = `at-${randomUUID()}`;
      issued.push(accessToken);
      access.set(accessToken, { ...grant, expiresAt: Date.now() + settings.accessTokenTtlS * 1000 });
      const refreshToken = grant.scope.split(' ').includes('offline_access')
        ? `rt-${randomUUID()}`
        : undefined;
      if (refreshToken) refresh.set(refreshToken, grant);
      return json(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: settings.accessTokenTtlS,
        scope: grant.scope,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      });
    }
    if (url.pathname === '/revoke' && req.method === 'POST') {
      const token = new URLSearchParams(body).get('token') ?? '';
      revoked.push(token);
      access.delete(token);
      refresh.delete(token);
      return void res.writeHead(200).end();
    }
    res.writeHead(404).end();
  });

  function redirectWithDecision(res: ServerResponse, authorize: URL, allow: boolean): void {
    const params = authorize.searchParams;
    const back = new URL(params.get('redirect_uri') ?? '');
    const state = params.get('state');
    if (state) back.searchParams.set('state', state);
    if (!allow) back.searchParams.set('error', 'access_denied');
    else {
      const code = randomUUID();
      codes.set(code, {
        clientId: params.get('client_id') ?? '',
        scope: params.get('scope') ?? '',
        resource: params.get('resource') ?? undefined,
        challenge: params.get('code_challenge') ?? '',
        redirectUri: back.origin + back.pathname,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href }).end();
  }

  const mcpServer = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', mcpOrigin);
    requests.push({
      server: 'mcp',
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader(
      'access-control-allow-headers',
      'content-type, authorization, mcp-protocol-version, mcp-session-id, last-event-id',
    );
    res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
    res.setHeader('access-control-expose-headers', 'mcp-session-id, www-authenticate');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const metadataUrl = `${mcpOrigin}/.well-known/oauth-protected-resource/mcp`;
    if (url.pathname === '/.well-known/oauth-protected-resource/mcp')
      return json(res, 200, {
        resource: `${mcpOrigin}/mcp`,
        authorization_servers: [issuer],
        scopes_supported: ['mcp:tools'],
        resource_name: 'OAuth test MCP server',
      });
    if (url.pathname !== '/mcp') return void res.writeHead(404).end();
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? access.get(token) : undefined;
    if (!grant || grant.expiresAt < Date.now()) {
      res.setHeader(
        'www-authenticate',
        `Bearer error="invalid_token", scope="mcp:tools", resource_metadata="${metadataUrl}"`,
      );
      return json(res, 401, { error: 'invalid_token', error_description: 'sign in first' });
    }
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const message = JSON.parse(body) as { method?: string };
    if (settings.refuseToolCalls !== 'no' && message.method === 'tools/call') {
      if (settings.refuseToolCalls === 'insufficient_scope')
        res.setHeader(
          'www-authenticate',
          `Bearer error="insufficient_scope", scope="mcp:tools mcp:admin", resource_metadata="${metadataUrl}"`,
        );
      return json(res, 403, { error: settings.refuseToolCalls, error_description: 'not for this account' });
    }
    const server = new McpServer({ name: 'oauth-test', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Who the signed-in user is.' }, async () => ({
      content: [{ type: 'text', text: `signed in as demo-user with scopes ${grant.scope}` }],
    }));
    await answerStateless(req, res, body, server, { enableJsonResponse: true });
  });

  const issuer = await listen(authServer);
  const mcpOrigin = await listen(mcpServer);
  return {
    mcpUrl: `${mcpOrigin}/mcp`,
    issuer,
    settings,
    requests,
    issued,
    revoked,
    expireAccessTokens() {
      for (const grant of access.values()) grant.expiresAt = 0;
    },
    async stop() {
      for (const server of [authServer, mcpServer]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
