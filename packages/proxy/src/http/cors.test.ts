import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  callProxy,
  chatRequest,
  PROXY,
  proxyRequest,
  stubUpstream,
  testEnv,
} from '../../test/harness';
import { mintClientToken } from '../auth/client-token';

function preflight(origin: string, requestHeaders?: string): Request {
  const headers: Record<string, string> = { Origin: origin, 'Access-Control-Request-Method': 'POST' };
  if (requestHeaders !== undefined) headers['Access-Control-Request-Headers'] = requestHeaders;
  return new Request(`${PROXY}/v1/chat/completions`, { method: 'OPTIONS', headers });
}

describe('CORS', () => {
  it('answers 403 to a disallowed origin without calling the upstream', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(chatRequest({ headers: { Origin: 'https://evil.test' } }));

    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('origin_not_allowed');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(response.headers.get('Vary')).toContain('Origin');
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('matches origins exactly, not by prefix or suffix', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    for (const origin of [
      `${ALLOWED_ORIGIN}.evil.test`,
      'http://app.test:8080',
      'https://app.test',
      'null',
    ]) {
      const response = await callProxy(chatRequest({ headers: { Origin: origin } }));
      expect(response.status, origin).toBe(403);
    }
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('answers a preflight from an allowed origin with 204 and the allowed methods and headers', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(preflight(ALLOWED_ORIGIN, 'content-type'));

    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED_ORIGIN);
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('content-type');
    expect(response.headers.get('Vary')).toContain('Origin');
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('allows Content-Type by default when a preflight names no headers', async () => {
    const response = await callProxy(preflight(ALLOWED_ORIGIN));

    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('Content-Type');
  });

  it('answers a preflight from a disallowed origin with 403', async () => {
    const response = await callProxy(preflight('https://evil.test', 'content-type'));

    expect(response.status).toBe(403);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('echoes the allowed origin (never *) on successes and errors, so browsers can read both', async () => {
    stubUpstream(() => Response.json({}, { headers: { 'Access-Control-Allow-Origin': '*' } }));

    const ok = await callProxy(chatRequest({ headers: { Origin: ALLOWED_ORIGIN } }));
    const notFound = await callProxy(new Request(`${PROXY}/nope`, { headers: { Origin: ALLOWED_ORIGIN } }));

    for (const response of [ok, notFound]) {
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED_ORIGIN);
      expect(response.headers.get('Vary')).toContain('Origin');
    }
    expect(notFound.status).toBe(404);
  });

  it('refuses a request without an Origin header when there are no client tokens, but serves /health', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));

    const response = await callProxy(chatRequest({ headers: { Origin: undefined } }));
    const health = await callProxy(proxyRequest('/health', { headers: { Origin: undefined } }));

    expect(response.status).toBe(403);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('origin_missing');
    expect(error.message).toContain('AUTH_SECRET');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(response.headers.get('Vary')).toContain('Origin');
    expect(health.status).toBe(200);
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('serves a server-to-server request without an Origin when it brings a client token', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const secret = 'cors-test-auth-secret-81c2-3e9f0a6d5b';
    const token = await mintClientToken({ secret, sub: 'backend' });

    const response = await callProxy(
      chatRequest({ headers: { Origin: undefined, Authorization: `Bearer ${token}` } }),
      testEnv({ AUTH_SECRET: secret }),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
