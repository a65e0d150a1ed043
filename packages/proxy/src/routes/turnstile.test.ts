import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callProxy,
  chatRequest,
  headerText,
  proxyRequest,
  stubUpstream,
  testEnv,
  UPSTREAM_BASE_URL,
} from '../../test/harness.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const TURNSTILE_SECRET = 'turnstile-secret-0x4AAA-test-77';
const AUTH_SECRET = 'auth-secret-turnstile-test-5c1e';
const SITEVERIFY = 'http://siteverify.test/turnstile/v0/siteverify';
const VALID = 'XXXX.DUMMY.TOKEN.XXXX';

const env = () =>
  testEnv({ TURNSTILE_SECRET_KEY: TURNSTILE_SECRET, TURNSTILE_SITEVERIFY_URL: SITEVERIFY, AUTH_SECRET });

/** A fake siteverify (and model upstream): passes exactly the {@link VALID} token sent with the right secret. */
function stubServices() {
  return stubUpstream(async (request) => {
    if (request.url !== SITEVERIFY) return Response.json({ id: 'chat', choices: [] });
    const form = new URLSearchParams(await request.text());
    const success = form.get('secret') === TURNSTILE_SECRET && form.get('response') === VALID;
    return Response.json(success ? { success } : { success, 'error-codes': ['invalid-input-response'] });
  });
}

const exchange = (token: unknown, headers: Record<string, string | undefined> = {}) =>
  callProxy(
    proxyRequest('/v1/turnstile', { method: 'POST', body: JSON.stringify({ token }), headers }),
    env(),
  );

describe('POST /v1/turnstile', () => {
  it('trades a passed Turnstile check for a short-lived client token that then works for chat', async () => {
    const calls = stubServices();

    const response = await exchange(VALID, { 'CF-Connecting-IP': '198.51.100.7' });
    const { token, expiresAt } = (await response.json()) as { token: string; expiresAt: string };
    const chat = await callProxy(chatRequest({ headers: { Authorization: `Bearer ${token}` } }), env());

    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(800_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(900_000);
    expect(chat.status).toBe(200);
    const form = new URLSearchParams(await calls.requests[0]!.text());
    expect(form.get('remoteip')).toBe('198.51.100.7');
    expect(calls.requests.map((r) => r.url)).toEqual([SITEVERIFY, `${UPSTREAM_BASE_URL}/chat/completions`]);
  });

  it('answers 403 turnstile_failed for an invalid token, with no client token and nothing secret', async () => {
    const calls = stubServices();

    const response = await exchange('forged-token');
    const text = await response.text();

    expect(response.status).toBe(403);
    expect(JSON.parse(text)).toEqual({
      error: { code: 'turnstile_failed', message: expect.stringContaining('invalid-input-response') },
    });
    expect(text).not.toContain(TURNSTILE_SECRET);
    expect(headerText(response)).not.toContain(TURNSTILE_SECRET);
    expect(calls.requests).toHaveLength(1);
  });

  it('refuses a missing token and a request without Origin before asking siteverify', async () => {
    const calls = stubServices();

    const missing = await exchange(undefined);
    const noOrigin = await exchange(VALID, { Origin: undefined });

    expect(missing.status).toBe(400);
    expect(noOrigin.status).toBe(403);
    expect(calls.spy).not.toHaveBeenCalled();
  });

  it('says how to turn it on when it is not configured, and needs AUTH_SECRET with the secret key', async () => {
    stubServices();

    const off = await callProxy(
      proxyRequest('/v1/turnstile', { method: 'POST', body: '{"token":"x"}' }),
      testEnv(),
    );
    const half = await callProxy(
      proxyRequest('/health'),
      testEnv({ TURNSTILE_SECRET_KEY: TURNSTILE_SECRET }),
    );

    expect(off.status).toBe(404);
    expect(await off.json()).toMatchObject({ error: { code: 'turnstile_not_configured' } });
    expect(half.status).toBe(500);
    expect(((await half.json()) as { error: { message: string } }).error.message).toContain('AUTH_SECRET');
  });
});
