import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  callProxy,
  captureConsole,
  chatRequest,
  headerText,
  MCP_KEY,
  MCP_URL,
  mcpEnv,
  mcpRequest,
  PROXY,
  settled,
  stubUpstream,
  TEST_KEY,
} from '../../test/harness';
import { mintClientToken } from '../auth/client-token';
import type { ProxyEnv } from '../config/proxy-env';

const AUTH_SECRET = 'auth-secret-7a9d0c41e8b2f653-c19e4b70';
const SECRETS = [TEST_KEY, MCP_KEY, AUTH_SECRET];
const env = (overrides: Record<string, unknown> = {}) =>
  mcpEnv({ MODELS: 'gpt-test', MAX_BODY_BYTES: '2000', ...overrides });
const authEnv = () => env({ AUTH_SECRET });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A body of `bytes` bytes streamed in 512-byte chunks with no Content-Length. */
function streamedBody(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(new Uint8Array(Math.min(512, bytes - sent)).fill(0x20));
      sent += 512;
    },
  });
}

interface Attack {
  name: string;
  request: () => Request | Promise<Request>;
  env: () => ProxyEnv;
  status: number;
  code: string;
}

const attacks: Attack[] = [
  {
    name: 'a disallowed origin (MCP)',
    request: () => mcpRequest('docs', { headers: { Origin: 'https://evil.test' } }),
    env,
    status: 403,
    code: 'origin_not_allowed',
  },
  {
    name: 'a missing token',
    request: () => chatRequest({ headers: { Origin: ALLOWED_ORIGIN } }),
    env: authEnv,
    status: 401,
    code: 'token_missing',
  },
  {
    name: 'a token forged with another secret',
    request: async () =>
      mcpRequest('docs', { headers: bearer(await mintClientToken({ secret: 'guessed', sub: 'mallory' })) }),
    env: authEnv,
    status: 401,
    code: 'token_invalid',
  },
  {
    name: 'a token whose subject was changed after signing',
    request: async () => {
      const [, signature] = (await mintClientToken({ secret: AUTH_SECRET, sub: 'alice' })).split('.');
      const payload = btoa(JSON.stringify({ sub: 'admin', exp: Math.floor(Date.now() / 1000) + 60 }))
        .replaceAll('=', '')
        .replaceAll('+', '-')
        .replaceAll('/', '_');
      return chatRequest({ headers: bearer(`${payload}.${signature}`) });
    },
    env: authEnv,
    status: 401,
    code: 'token_invalid',
  },
  {
    name: 'an expired token',
    request: async () =>
      chatRequest({
        headers: bearer(
          await mintClientToken({
            secret: AUTH_SECRET,
            sub: 'alice',
            ttlSeconds: 60,
            now: Date.now() - 120_000,
          }),
        ),
      }),
    env: authEnv,
    status: 401,
    code: 'token_expired',
  },
  {
    name: 'an upstream URL supplied in the server id',
    request: () => mcpRequest(encodeURIComponent('http://evil.test/mcp')),
    env,
    status: 400,
    code: 'invalid_server_id',
  },
  {
    name: 'a declared oversized body',
    request: () => mcpRequest('docs', { body: 'x'.repeat(4000), headers: { 'Content-Length': '4000' } }),
    env,
    status: 413,
    code: 'body_too_large',
  },
  {
    name: 'a streamed oversized body with no declared length',
    request: () =>
      new Request(`${PROXY}/mcp/docs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ALLOWED_ORIGIN },
        body: streamedBody(4000),
      }),
    env,
    status: 413,
    code: 'body_too_large',
  },
  {
    name: 'a model not on the allowlist',
    request: () => chatRequest({ body: JSON.stringify({ model: 'gpt-expensive', messages: [] }) }),
    env,
    status: 403,
    code: 'model_not_allowed',
  },
  {
    name: 'CR/LF in the model name',
    request: () =>
      chatRequest({ body: JSON.stringify({ model: 'gpt-test\r\nX-Injected: 1', messages: [] }) }),
    env,
    status: 403,
    code: 'model_not_allowed',
  },
  {
    name: 'CR/LF header injection through the server id',
    request: () => mcpRequest('docs%0D%0AX-Injected:%201'),
    env,
    status: 400,
    code: 'invalid_server_id',
  },
  {
    name: 'a session id that is not visible ASCII',
    request: () => mcpRequest('docs', { headers: { 'Mcp-Session-Id': 'abc def' } }),
    env,
    status: 400,
    code: 'invalid_header',
  },
  {
    name: 'path traversal with encoded slashes in the server id',
    request: () => mcpRequest('..%2F..%2Fv1%2Fchat%2Fcompletions'),
    env,
    status: 400,
    code: 'invalid_server_id',
  },
  {
    name: 'path traversal with encoded dots',
    request: () => mcpRequest('%2e%2e/admin'),
    env,
    status: 404,
    code: 'not_found',
  },
];

describe('security', () => {
  for (const attack of attacks) {
    it(`refuses ${attack.name} with ${attack.status} and no upstream request or secret`, async () => {
      const upstream = stubUpstream(() => Response.json({ leaked: SECRETS }));
      const logs = captureConsole();

      const response = await callProxy(await attack.request(), attack.env());
      const text = await response.text();
      await settled();

      expect(response.status).toBe(attack.status);
      expect(JSON.parse(text)).toMatchObject({ error: { code: attack.code } });
      expect(upstream.spy).not.toHaveBeenCalled();
      for (const secret of SECRETS) {
        expect(text).not.toContain(secret);
        expect(headerText(response)).not.toContain(secret);
        expect(logs.text()).not.toContain(secret);
      }
      expect(logs.lines).toHaveLength(1);
    });
  }

  it('cannot even carry a raw CR/LF in a header: the runtime refuses to build such a request', () => {
    expect(() => mcpRequest('docs', { headers: { 'Mcp-Session-Id': 'a\r\nX-Injected: 1' } })).toThrow(
      TypeError,
    );
  });

  it('sends only to the configured MCP URL whatever the client adds (query, headers, body)', async () => {
    const upstream = stubUpstream(() => Response.json({ jsonrpc: '2.0', id: 1, result: {} }));

    const request = new Request(`${PROXY}/mcp/docs?url=http://evil.test/mcp&target=http://evil.test`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: ALLOWED_ORIGIN,
        Host: 'evil.test',
        'X-Forwarded-Host': 'evil.test',
        'X-Upstream-Url': 'http://evil.test/mcp',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { url: 'http://evil.test' } }),
    });
    const response = await callProxy(request, env());

    expect(response.status).toBe(200);
    expect(upstream.requests.map((r) => r.url)).toEqual([MCP_URL]);
    expect(upstream.requests[0]!.headers.get('X-Upstream-Url')).toBeNull();
  });

  it('refuses an MCP upstream redirect without following it or leaking the credential', async () => {
    const upstream = stubUpstream(
      () => new Response(null, { status: 302, headers: { Location: `http://evil.test/?k=${MCP_KEY}` } }),
    );
    const logs = captureConsole();

    const response = await callProxy(mcpRequest(), env());

    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'upstream_redirect' } });
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.redirect).toBe('manual');
    expect(response.headers.get('Location')).toBeNull();
    expect(headerText(response)).not.toContain(MCP_KEY);
    await settled();
    expect(logs.lines).toHaveLength(1);
    expect(logs.text()).not.toContain(MCP_KEY);
  });

  it('lets a valid token through and never forwards it upstream', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'ok' }));
    const token = await mintClientToken({ secret: AUTH_SECRET, sub: 'alice', ttlSeconds: 300 });
    const logs = captureConsole();

    const response = await callProxy(chatRequest({ headers: bearer(token) }), authEnv());
    await response.text();
    await settled();

    expect(response.status).toBe(200);
    expect(upstream.requests[0]!.headers.get('Authorization')).toBe(`Bearer ${TEST_KEY}`);
    expect(logs.text()).not.toContain(token);
    expect(JSON.parse(logs.lines[0]!)).toMatchObject({ auth: 'ok' });
  });

  it('scrubs every configured secret from an upstream error that echoes them', async () => {
    stubUpstream(
      () =>
        new Response(`bad credentials ${MCP_KEY} / ${TEST_KEY}`, {
          status: 401,
          headers: { 'X-Echo': MCP_KEY, 'WWW-Authenticate': 'Bearer realm="mcp"' },
        }),
    );
    const logs = captureConsole();

    const response = await callProxy(mcpRequest(), env());
    const text = await response.text();

    expect(response.status).toBe(401);
    expect(text).toBe('bad credentials [redacted] / [redacted]');
    expect(response.headers.get('X-Echo')).toBeNull();
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="mcp"');
    await settled();
    expect(logs.lines).toHaveLength(1);
    expect(logs.text()).not.toContain(MCP_KEY);
  });
});
