// Issue 39 point 1: a daily ceiling for the whole deployment, all clients together. Each test runs
// on its own UTC day, so the one deployment counter starts from zero for it.
import { env as bindings } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { delayedUsage } from '../../test/delayed-usage';
import { chatRequest, stubUpstream, testEnv, withExecutionContext } from '../../test/harness';
import { createProxy } from '../routes/create-proxy';

const ISOLATES = 4;

/** `ISOLATES` proxies (as isolates) sharing one `USAGE` namespace 25 ms away each way, at `now`. */
function isolates(now: number, vars: Record<string, unknown>) {
  const env = testEnv({
    USAGE: delayedUsage(bindings.USAGE, 25),
    DAILY_CREDITS: '1000',
    LIMITS_ALLOWANCE_REQUESTS: '5',
    LIMITS_ALLOWANCE_CREDITS: '10',
    LIMITS_TIMEOUT_MS: '30000',
    ...vars,
  });
  const proxies = Array.from({ length: ISOLATES }, () =>
    withExecutionContext(createProxy({ now: () => now })),
  );
  return { env, proxies };
}

let clients = 0;
/** A new client (its own IPv6 /64) per request: the ceiling is about all clients together. */
const newClient = () => chatRequest({ headers: { 'CF-Connecting-IP': `2001:db8:c0:${++clients}::1` } });

describe('the deployment’s daily ceiling (issue 39)', { timeout: 60_000 }, () => {
  it('serves at most DEPLOYMENT_DAILY_CREDITS + N × LIMITS_ALLOWANCE_CREDITS of 200 concurrent requests from 200 clients', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const now = Date.parse('2026-12-01T18:00:00Z');
    const { env, proxies } = isolates(now, { DEPLOYMENT_DAILY_CREDITS: '50' });

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => proxies[i % ISOLATES]!.call(newClient(), env)),
    );
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ error?: { code: string } }>));

    const served = upstream.requests.length;
    expect(served).toBeLessThanOrEqual(50 + ISOLATES * 10);
    expect(served).toBeGreaterThanOrEqual(50 - ISOLATES * 10);
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.length).toBe(200 - served);
    for (const [i, response] of responses.entries()) {
      if (response.status === 200) continue;
      expect(response.status).toBe(503);
      expect(bodies[i]!.error?.code).toBe('deployment_credits_exhausted');
      // Until the next UTC day: 6 hours.
      expect(response.headers.get('Retry-After')).toBe(String(6 * 3600));
    }
    // The counter is the authority: what it counts stays within the stated bound.
    await Promise.all(proxies.map((proxy) => proxy.settled()));
    const counted = await bindings.USAGE.get(bindings.USAGE.idFromName('deployment:all')).spent(now);
    expect(counted).toBeLessThanOrEqual(50 + ISOLATES * 10);
    expect(counted).toBeGreaterThanOrEqual(served);
  });

  it('refuses before the upstream once the day’s ceiling is spent, says which setting, and serves again the next day', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    let clock = Date.parse('2026-12-02T23:00:00Z');
    const proxy = withExecutionContext(createProxy({ now: () => clock }));
    const env = testEnv({
      DEPLOYMENT_DAILY_CREDITS: '3',
      LIMITS_ALLOWANCE_REQUESTS: '0',
      LIMITS_ALLOWANCE_CREDITS: '0',
    });

    const statuses: number[] = [];
    let last!: Response;
    for (let i = 0; i < 5; i++) {
      last = await proxy.call(newClient(), env);
      statuses.push(last.status);
    }
    const { error } = (await last.json()) as { error: { code: string; message: string } };
    clock = Date.parse('2026-12-03T00:00:01Z');
    const nextDay = await proxy.call(newClient(), env);

    expect(statuses).toEqual([200, 200, 200, 503, 503]);
    expect(error.code).toBe('deployment_credits_exhausted');
    expect(error.message).toContain('DEPLOYMENT_DAILY_CREDITS');
    expect(last.headers.get('Retry-After')).toBe('3600');
    expect(nextDay.status).toBe(200);
    expect(upstream.requests).toHaveLength(4);
  });

  it('is on by default (10,000 credits), off only with DISABLE_DEPLOYMENT_CREDITS=true, and validated', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const proxy = createProxy({ now: () => Date.parse('2026-12-04T12:00:00Z') });
    const env = testEnv({ DEPLOYMENT_DAILY_CREDITS: undefined });
    const bad = testEnv({ DEPLOYMENT_DAILY_CREDITS: 'lots' });
    const both = testEnv({ DEPLOYMENT_DAILY_CREDITS: '5', DISABLE_DEPLOYMENT_CREDITS: 'true' });

    const served = await proxy(newClient(), env);
    const refusedBad = await proxy(newClient(), bad);
    const refusedBoth = await proxy(newClient(), both);

    expect(served.status).toBe(200);
    for (const refused of [refusedBad, refusedBoth]) {
      expect(refused.status).toBe(500);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
        'DEPLOYMENT_DAILY_CREDITS',
      );
    }
    const counted = await bindings.USAGE.get(bindings.USAGE.idFromName('deployment:all')).spent(
      Date.parse('2026-12-04T12:00:00Z'),
    );
    expect(counted).toBeGreaterThan(0);
  });
});
