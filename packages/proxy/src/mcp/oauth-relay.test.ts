import { describe, expect, it } from 'vitest';
import { PROXY, proxyRequest, stubUpstream, testEnv } from '../../test/harness';
import { createProxy } from '../routes/create-proxy';

const TRACKER = 'http://tracker.test/mcp';
const ISSUER = 'https://auth.test';
const NOON = Date.parse('2026-11-22T12:00:30Z');

/** A proxy env with the `tracker` server the user signs in to; each call is a new deployment (config). */
const userAuthEnv = (vars: Record<string, unknown> = {}) =>
  testEnv({ MCP_SERVERS: JSON.stringify({ tracker: { url: TRACKER, auth: 'user' } }), ...vars });

/** The tracker's protected-resource metadata and its authorization server's metadata. */
function stubAuthServers() {
  return stubUpstream((request) => {
    if (request.url === 'http://tracker.test/.well-known/oauth-protected-resource/mcp')
      return Response.json({
        resource: TRACKER,
        authorization_servers: [ISSUER],
        scopes_supported: ['read'],
      });
    if (request.url === `${ISSUER}/.well-known/oauth-authorization-server`)
      return Response.json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
      });
    return new Response('not found', { status: 404 });
  });
}

const resource = (ip: string) =>
  proxyRequest('/.well-known/oauth-protected-resource/mcp/tracker', { headers: { 'CF-Connecting-IP': ip } });
const serverMetadata = (ip: string) =>
  proxyRequest('/.well-known/oauth-authorization-server/mcp/tracker/oauth', {
    headers: { 'CF-Connecting-IP': ip },
  });

describe('the sign-in metadata routes of "auth": "user" servers', () => {
  it('are rate-limited per client like every other route, refusing without asking the upstream', async () => {
    const upstream = stubAuthServers();
    const proxy = createProxy({ now: () => NOON });
    const env = userAuthEnv({ RATE_LIMIT_PER_MINUTE: '3' });
    const ip = '203.0.113.150';

    const first = await proxy(resource(ip), env);
    const second = await proxy(serverMetadata(ip), env);
    await proxy(resource(ip), env);
    const asked = upstream.requests.length;
    const refusedResource = await proxy(resource(ip), env);
    const refusedServer = await proxy(serverMetadata(ip), env);
    const otherClient = await proxy(resource('203.0.113.151'), env);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('X-RateLimit-Remaining')).toBe('2');
    expect(second.headers.get('X-RateLimit-Remaining')).toBe('1');
    for (const refused of [refusedResource, refusedServer]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('30');
      expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    }
    expect(upstream.requests).toHaveLength(asked);
    expect(otherClient.status).toBe(200);
  });

  it('serves the metadata pointed at the proxy, reusing what it fetched for a minute', async () => {
    const upstream = stubAuthServers();
    let clock = NOON;
    const proxy = createProxy({ now: () => clock });
    const env = userAuthEnv();
    const ip = '203.0.113.152';
    const fetched = () => upstream.requests.map((r) => new URL(r.url).pathname);

    const metadata = (await (await proxy(resource(ip), env)).json()) as Record<string, unknown>;
    await proxy(resource(ip), env);
    const server = (await (await proxy(serverMetadata(ip), env)).json()) as Record<string, unknown>;
    const withinMinute = fetched();
    clock += 61_000;
    await proxy(resource(ip), env);

    expect(metadata).toMatchObject({
      resource: TRACKER,
      authorization_servers: [`${PROXY}/mcp/tracker/oauth`],
    });
    expect(server).toMatchObject({
      issuer: `${PROXY}/mcp/tracker/oauth`,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${PROXY}/mcp/tracker/oauth/token`,
    });
    expect(withinMinute).toEqual([
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
    ]);
    expect(fetched()).toHaveLength(3);
  });
});
