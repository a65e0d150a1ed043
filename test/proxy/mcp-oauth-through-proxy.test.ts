import { headlessSignIn, McpHub, type McpServerAuth, memoryOAuthStore, type SignIn } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type OAuthTestServers, startOAuthTestServers } from '../mcp/oauth/oauth-test-servers.ts';

const ORIGIN = 'http://127.0.0.1:5173';
const redirectUrl = `${ORIGIN}/callback`;
let servers: OAuthTestServers;
let proxy: ProxyDev;

beforeAll(async () => {
  // The authorization server sends no CORS headers: a browser can reach it only through the proxy.
  servers = await startOAuthTestServers({ cors: false, accessTokenTtlS: 2 });
  proxy = await startProxyDev({
    upstreamBaseUrl: 'http://127.0.0.1:9/v1',
    allowedOrigins: [ORIGIN],
    vars: {
      MCP_SERVERS: JSON.stringify({ tracker: { url: servers.mcpUrl, auth: 'user' } }),
      RATE_LIMIT_PER_MINUTE: '1000',
      // The fake authorization server runs on 127.0.0.1 over http (off by default; tests and dev only).
      ALLOW_LOCAL_OAUTH_URLS: 'true',
    },
  });
});
afterAll(async () => {
  await proxy?.stop();
  await servers?.stop();
});

function hubThroughProxy(auth: McpServerAuth): McpHub {
  return new McpHub({
    servers: [
      {
        id: 'tracker',
        url: `${proxy.url}/mcp/tracker`,
        headers: { Origin: ORIGIN },
        retries: 0,
        auth: { redirectUrl, viaProxy: true, refreshMarginMs: 1_500, ...auth },
      },
    ],
  });
}

describe('an MCP server with "auth": "user" through the proxy under wrangler dev', () => {
  it('signs in through the proxy, refreshes, signs out, and the token goes only to the MCP server', async () => {
    const store = memoryOAuthStore();
    const hub = hubThroughProxy({ store, signIn: headlessSignIn({ redirectUrl }) });
    try {
      await hub.start();
      expect(hub.servers()[0]).toMatchObject({ status: 'up', toolCount: 1 });
      expect((await hub.callTool('mcp__tracker__whoami', {})).text).toContain('signed in as demo-user');

      // The browser went to the real authorization endpoint, for the server behind the proxy.
      const authorize = servers.requests.find((r) => r.path === '/authorize')!;
      expect(authorize.query).toMatchObject({ resource: servers.mcpUrl, scope: 'mcp:tools offline_access' });
      // Registration and the code exchange went through the proxy's relay (the server has no CORS).
      expect(servers.requests.filter((r) => r.path === '/register' || r.path === '/token')).not.toHaveLength(
        0,
      );

      // The access token expires within the margin: the next call refreshes it through the relay first.
      const first = (await store.get(`${proxy.url}/mcp/tracker`))!.tokens!.access_token;
      await new Promise((resolve) => setTimeout(resolve, 700));
      const from = servers.requests.length;
      expect((await hub.callTool('mcp__tracker__whoami', {})).text).toContain('demo-user');
      const later = servers.requests.slice(from);
      expect(later.some((r) => r.path === '/token' && r.body.includes('grant_type=refresh_token'))).toBe(
        true,
      );
      expect(later.filter((r) => r.server === 'mcp').map((r) => r.headers.authorization)).not.toContain(
        `Bearer ${first}`,
      );

      await hub.signOut('tracker');
      expect(await store.get(`${proxy.url}/mcp/tracker`)).toBeUndefined();
      expect(servers.revoked.length).toBeGreaterThanOrEqual(2);
    } finally {
      await hub.dispose();
    }

    // After sign-out, the next call asks to sign in again.
    const headless = headlessSignIn({ redirectUrl });
    const asking: SignIn = { needsUser: true, open: (url, context) => headless.open(url, context) };
    const again = hubThroughProxy({ store, signIn: asking });
    try {
      await again.start();
      expect(again.servers()[0]!.status).toBe('signed-out');
      await again.signIn('tracker');
      expect((await again.callTool('mcp__tracker__whoami', {})).text).toContain('demo-user');
    } finally {
      await again.dispose();
    }

    // Every access token issued: never in the proxy's logs, never sent to the authorization server
    // except to revoke it, and to the MCP server only as its bearer token.
    expect(servers.issued.length).toBeGreaterThanOrEqual(3);
    const output = proxy.output();
    for (const token of servers.issued) {
      expect(output).not.toContain(token);
      for (const request of servers.requests) {
        const seen = JSON.stringify(request.headers) + request.body + JSON.stringify(request.query);
        if (!seen.includes(token)) continue;
        if (request.server === 'auth') expect(request.path).toBe('/revoke');
        else expect(request.headers.authorization).toBe(`Bearer ${token}`);
      }
    }
  });

  it('serves the sign-in metadata only for servers with "auth": "user", and 401s point at the proxy', async () => {
    const challenge = await fetch(`${proxy.url}/mcp/tracker`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toContain(
      `resource_metadata="${proxy.url}/.well-known/oauth-protected-resource/mcp/tracker"`,
    );
    const metadata = (await (
      await fetch(`${proxy.url}/.well-known/oauth-protected-resource/mcp/tracker`, {
        headers: { Origin: ORIGIN },
      })
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource: servers.mcpUrl,
      authorization_servers: [`${proxy.url}/mcp/tracker/oauth`],
    });
    const unknown = await fetch(`${proxy.url}/.well-known/oauth-protected-resource/mcp/nope`, {
      headers: { Origin: ORIGIN },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'mcp_server_not_found' } });
    const foreign = await fetch(`${proxy.url}/mcp/tracker/oauth/token`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(foreign.status).toBe(403);
  });
});
