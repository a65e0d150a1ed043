import { resolve } from 'node:path';
import { mintClientToken } from '@agent-chat/proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';

const AUTH_SECRET = 'example-auth-secret-e2e-2f7c-6b0d3a95';
const ORIGIN = 'http://127.0.0.1:5173';
let proxy: ProxyDev;

beforeAll(async () => {
  // The example's own vars, with placeholder secrets as .dev.vars.example lists them.
  proxy = await startProxyDev({
    config: resolve(import.meta.dirname, '../../examples/proxy/wrangler.jsonc'),
    upstreamBaseUrl: 'http://127.0.0.1:9/v1',
    allowedOrigins: [ORIGIN],
    upstreamApiKey: 'sk-example-placeholder',
    vars: { GROQ_API_KEY: 'gsk-example-placeholder', ANTHROPIC_API_KEY: 'sk-ant-placeholder', AUTH_SECRET },
  });
});

afterAll(async () => {
  await proxy?.stop();
});

describe('examples/proxy config under wrangler dev', () => {
  it('boots, asks for a client token, and serves the allowlist with usage headers to a token holder', async () => {
    const anonymous = await fetch(`${proxy.url}/v1/models`, { headers: { Origin: ORIGIN } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('WWW-Authenticate')).toContain('Bearer');

    const token = await mintClientToken({ secret: AUTH_SECRET, sub: 'example-user', ttlSeconds: 120 });
    const response = await fetch(`${proxy.url}/v1/models`, {
      headers: { Origin: ORIGIN, Authorization: `Bearer ${token}` },
    });

    expect(response.status).toBe(200);
    const list = (await response.json()) as { data: { id: string; owned_by: string }[] };
    expect(list.data.map((m) => `${m.id}@${m.owned_by}`)).toEqual([
      'gpt-4o-mini@default',
      'llama-3.1-8b-instant@groq',
      'llama3.2@ollama',
      'claude-haiku-4-5@anthropic',
    ]);
    expect(response.headers.get('X-RateLimit-Limit')).toBe('30');
    expect(response.headers.get('X-Credits-Limit')).toBe('50');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(proxy.output()).not.toContain(token);
    expect(proxy.output()).not.toContain(AUTH_SECRET);
  });
});
