import { describe, expect, it } from 'vitest';
import {
  callProxy,
  chatRequest,
  headerText,
  proxyRequest,
  stubUpstream,
  testEnv,
  UPSTREAM_BASE_URL,
} from '../../test/harness.js';
import { mintClientToken } from '../auth/client-token.js';

const TURNSTILE_SECRET = 'turnstile-secret-0x4AAA-test-77';
const AUTH_SECRET = 'auth-secret-turnstile-test-5c1e-8d0a4f27';
const SITEVERIFY = 'http://siteverify.test/turnstile/v0/siteverify';
const VALID = 'XXXX.DUMMY.TOKEN.XXXX';

const env = (vars: Record<string, unknown> = {}) =>
  testEnv({
    TURNSTILE_SECRET_KEY: TURNSTILE_SECRET,
    TURNSTILE_SITEVERIFY_URL: SITEVERIFY,
    AUTH_SECRET,
    ...vars,
  });

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

let ipCounter = 0;
/** A fresh client IP per test, so each test starts with no clients counted for its address. */
const freshIp = () => `192.0.2.${++ipCounter}`;

/** `POST /v1/turnstile` from `ip` with a passing check, renewing `previous` when given. */
async function renew(ip: string, previous: string | undefined, vars: Record<string, unknown> = {}) {
  const body = JSON.stringify({ token: VALID, ...(previous === undefined ? {} : { previous }) });
  return callProxy(
    proxyRequest('/v1/turnstile', { method: 'POST', body, headers: { 'CF-Connecting-IP': ip } }),
    env(vars),
  );
}

async function clientToken(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The subject a client token was minted for (its payload is plain base64url JSON). */
function subjectOf(token: string): string {
  const payload = token.split('.')[0]!.replaceAll('-', '+').replaceAll('_', '/');
  return (JSON.parse(atob(payload)) as { sub: string }).sub;
}

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

describe('Turnstile renewals and new clients per IP', () => {
  it('keeps the subject on a renewal with the previous token, so credits spent before it still count', async () => {
    stubServices();
    const limits = { DAILY_CREDITS: '2' };
    const ip = freshIp();
    const chat = (token: string) =>
      callProxy(chatRequest({ headers: { Authorization: `Bearer ${token}` } }), env(limits));

    const first = await clientToken(await renew(ip, undefined, limits));
    const spentBefore = await chat(first);
    const second = await clientToken(await renew(ip, first, limits));
    const spentAfter = await chat(second);
    const refused = await chat(second);

    expect(subjectOf(second)).toBe(subjectOf(first));
    expect(spentBefore.headers.get('X-Credits-Remaining')).toBe('1');
    expect(spentAfter.headers.get('X-Credits-Remaining')).toBe('0');
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { code: 'credits_exhausted' } });
  });

  it('keeps the subject of a recently expired token, but not of a forged or backend-minted one', async () => {
    stubServices();
    const ip = freshIp();
    const sub = 'turnstile:0b6f6a2e-renewal-test';
    const expired = await mintClientToken({
      secret: AUTH_SECRET,
      sub,
      ttlSeconds: 900,
      now: Date.now() - 3_600_000,
    });
    const forged = await mintClientToken({ secret: 'some-other-secret-0000000000', sub, ttlSeconds: 900 });
    const backendUser = await mintClientToken({ secret: AUTH_SECRET, sub: 'alice', ttlSeconds: 900 });

    const renewed = subjectOf(await clientToken(await renew(ip, expired)));
    const fromForged = subjectOf(await clientToken(await renew(ip, forged)));
    const fromBackend = subjectOf(await clientToken(await renew(ip, backendUser)));

    expect(renewed).toBe(sub);
    expect(fromForged).not.toBe(sub);
    expect(fromForged).toMatch(/^turnstile:/);
    expect(fromBackend).toMatch(/^turnstile:/);
  });

  it('refuses a new client past TURNSTILE_CLIENTS_PER_IP_PER_DAY with 429, while renewals and other IPs go on', async () => {
    const calls = stubServices();
    const limits = { TURNSTILE_CLIENTS_PER_IP_PER_DAY: '3' };
    const ip = freshIp();

    const minted = [];
    for (let i = 0; i < 3; i++) minted.push(await clientToken(await renew(ip, undefined, limits)));
    const refused = await renew(ip, undefined, limits);
    const renewal = await renew(ip, minted[0], limits);
    const elsewhere = await renew(freshIp(), undefined, limits);

    expect(new Set(minted.map(subjectOf)).size).toBe(3);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: {
        code: 'turnstile_clients_exhausted',
        message: expect.stringContaining('TURNSTILE_CLIENTS_PER_IP_PER_DAY'),
      },
    });
    expect(subjectOf(await clientToken(renewal))).toBe(subjectOf(minted[0]!));
    expect(elsewhere.status).toBe(200);
    // Every exchange asked siteverify: a refused client got no token, whatever Turnstile said.
    expect(calls.requests.filter((r) => r.url === SITEVERIFY)).toHaveLength(6);
  });

  it('refuses a "previous" that is not a string before asking siteverify', async () => {
    const calls = stubServices();

    const response = await callProxy(
      proxyRequest('/v1/turnstile', { method: 'POST', body: JSON.stringify({ token: VALID, previous: 42 }) }),
      env(),
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
    expect(calls.spy).not.toHaveBeenCalled();
  });
});
