// Issue 39 point 3: a secret the proxy signs or checks with must be long enough that a stranger
// holding one valid token cannot brute-force it offline.
import { describe, expect, it } from 'vitest';
import { callProxy, chatRequest, proxyRequest, stubUpstream, testEnv } from '../../test/harness';
import { mintClientToken } from '../auth/client-token';

describe('secrets the proxy signs with (issue 39)', () => {
  it('refuses to serve with a 6-character AUTH_SECRET, naming the setting, and never reaches the upstream', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const token = await mintClientToken({ secret: 'abc123', sub: 'alice' });

    const response = await callProxy(
      chatRequest({ headers: { Authorization: `Bearer ${token}` } }),
      testEnv({ AUTH_SECRET: 'abc123' }),
    );

    expect(response.status).toBe(500);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('config_invalid');
    expect(error.message).toContain('AUTH_SECRET');
    expect(error.message).toContain('32');
    expect(error.message).not.toContain('abc123');
    expect(upstream.spy).not.toHaveBeenCalled();
    // Not one route is served, not even /health, so a deploy check fails at once.
    const health = await callProxy(proxyRequest('/health'), testEnv({ AUTH_SECRET: 'abc123' }));
    expect(health.status).toBe(500);
  });

  it('serves with a 32-character AUTH_SECRET', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const secret = 'k'.repeat(31) + 'z';
    const token = await mintClientToken({ secret, sub: 'alice' });

    const response = await callProxy(
      chatRequest({ headers: { Authorization: `Bearer ${token}` } }),
      testEnv({ AUTH_SECRET: secret }),
    );

    expect(response.status).toBe(200);
  });

  it('keeps the provider keys’ rule: a short UPSTREAM_API_KEY still serves (with a warning)', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const response = await callProxy(chatRequest(), testEnv({ UPSTREAM_API_KEY: 'x' }));
    expect(response.status).toBe(200);
  });
});
