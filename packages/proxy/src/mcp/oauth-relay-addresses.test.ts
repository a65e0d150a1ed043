// Issue 39 point 5: the sign-in relay fetches and posts to URLs that an MCP server's OAuth metadata
// names; a hostile or compromised server must not aim it at the proxy's own network.
import { describe, expect, it } from 'vitest';
import { proxyRequest, stubUpstream, testEnv } from '../../test/harness';
import { createProxy } from '../routes/create-proxy';
import { refusedAddress } from './public-url';

const TRACKER = 'https://tracker.test/mcp';
const ISSUER = 'https://auth.test';
const NOON = Date.parse('2026-11-22T12:00:30Z');

const userAuthEnv = (vars: Record<string, unknown> = {}) =>
  testEnv({ MCP_SERVERS: JSON.stringify({ tracker: { url: TRACKER, auth: 'user' } }), ...vars });

/** Metadata whose authorization server is `issuer` and whose token endpoint is `token`. */
function stubMetadata(issuer: string, token: string) {
  return stubUpstream((request) => {
    if (request.url === 'https://tracker.test/.well-known/oauth-protected-resource/mcp')
      return Response.json({ resource: TRACKER, authorization_servers: [issuer] });
    if (request.url.startsWith(`${issuer}/.well-known/`))
      return Response.json({ issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: token });
    if (request.url === `${ISSUER}/.well-known/oauth-authorization-server/redirected`)
      return new Response(null, { status: 302, headers: { Location: 'http://127.0.0.1/meta' } });
    return Response.json({ access_token: 'reached' });
  });
}

const tokenRequest = (ip: string) =>
  proxyRequest('/mcp/tracker/oauth/token', {
    method: 'POST',
    headers: { 'CF-Connecting-IP': ip, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=authorization_code&code=abc',
  });

const REFUSED = [
  'http://127.0.0.1/token',
  'https://169.254.169.254/latest/meta-data',
  'https://[::1]/token',
  'https://localhost/token',
  'https://[::ffff:127.0.0.1]/token',
  'https://[::ffff:a9fe:a9fe]/token',
  'https://10.1.2.3/token',
  'https://[fd00:ec2::254]/token',
  'https://[fe80::1]/token',
  'https://metadata.google.internal/token',
  'https://printer.local/token',
  'https://2130706433/token',
];

describe('the OAuth relay only reaches public https addresses (issue 39)', () => {
  it.each(REFUSED)('refuses a token endpoint at %s without posting there', async (token) => {
    const upstream = stubMetadata(ISSUER, token);
    const proxy = createProxy({ now: () => NOON });

    const response = await proxy(tokenRequest('203.0.113.160'), userAuthEnv());

    expect(response.status).toBe(502);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('oauth_url_refused');
    expect(error.message).toContain('token_endpoint');
    expect(error.message).toContain('ALLOW_LOCAL_OAUTH_URLS');
    expect(upstream.requests.map((r) => r.url)).not.toContain(new URL(token).href);
    expect(upstream.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it.each(['http://127.0.0.1', 'https://169.254.169.254', 'https://[::1]', 'https://localhost'])(
    'refuses an authorization server at %s without fetching its metadata',
    async (issuer) => {
      const upstream = stubMetadata(issuer, `${ISSUER}/token`);
      const proxy = createProxy({ now: () => NOON });

      const response = await proxy(tokenRequest('203.0.113.161'), userAuthEnv());

      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: { code: 'oauth_url_refused' } });
      expect(upstream.requests.map((r) => new URL(r.url).pathname)).toEqual([
        '/.well-known/oauth-protected-resource/mcp',
      ]);
    },
  );

  it('refuses metadata that answers with a redirect, without following it', async () => {
    const upstream = stubMetadata(`${ISSUER}/redirected`, `${ISSUER}/token`);
    const proxy = createProxy({ now: () => NOON });

    const response = await proxy(tokenRequest('203.0.113.162'), userAuthEnv());

    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'oauth_redirect' } });
    expect(upstream.requests.some((r) => r.url.startsWith('http://127.0.0.1'))).toBe(false);
    expect(upstream.requests.every((r) => r.redirect === 'manual')).toBe(true);
  });

  it('reaches a public https token endpoint', async () => {
    const upstream = stubMetadata(ISSUER, `${ISSUER}/token`);
    const proxy = createProxy({ now: () => NOON });

    const response = await proxy(tokenRequest('203.0.113.163'), userAuthEnv());

    expect(response.status).toBe(200);
    expect(upstream.requests.at(-1)?.url).toBe(`${ISSUER}/token`);
  });

  it('reaches a loopback token endpoint only with ALLOW_LOCAL_OAUTH_URLS=true (tests and local dev)', async () => {
    const upstream = stubMetadata(ISSUER, 'http://127.0.0.1:8788/token');
    const proxy = createProxy({ now: () => NOON });

    const response = await proxy(
      tokenRequest('203.0.113.164'),
      userAuthEnv({ ALLOW_LOCAL_OAUTH_URLS: 'true' }),
    );

    expect(response.status).toBe(200);
    expect(upstream.requests.at(-1)?.url).toBe('http://127.0.0.1:8788/token');
  });
});

describe('refusedAddress', () => {
  it.each([
    ['http://example.com/', 'https'],
    ['https://0.0.0.0/', 'private'],
    ['https://100.64.0.1/', 'private'],
    ['https://192.168.1.1/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://[::]/', 'private'],
    ['https://[::127.0.0.1]/', 'private'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'private'],
    ['https://[2002:7f00:1::]/', 'private'],
    ['https://[fc00::1]/', 'private'],
    ['https://[ff02::1]/', 'private'],
    ['https://app.localhost/', 'internal'],
    ['https://corp.internal/', 'internal'],
    ['https://intranet/', 'internal'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(refusedAddress(new URL(url))).toContain(reason);
  });

  it.each([
    'https://auth.example.com/',
    'https://8.8.8.8/',
    'https://[2606:4700::1111]/',
    'https://172.32.0.1/',
  ])('lets %s through', (url) => {
    expect(refusedAddress(new URL(url))).toBeUndefined();
  });
});
