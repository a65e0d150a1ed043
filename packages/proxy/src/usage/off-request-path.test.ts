// Limits decided in the isolate, settled with the UsageCounter in the background (issue 28,
// docs/adr/0007): bounded overspend across isolates, no counter call for a warm client, and fail
// closed when the counter is slow or gone. Each `createProxy` keeps its own allowances, as an
// isolate does, so several of them sharing the real Durable Object are several isolates.
import { env as bindings } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { delayedUsage, unavailableUsage } from '../../test/delayed-usage';
import { chatRequest, stubUpstream, testEnv, withExecutionContext } from '../../test/harness';
import { createProxy } from '../routes/create-proxy';

const NOON = Date.parse('2026-11-22T12:00:05Z');
const ISOLATES = 4;
const ALLOWANCE = { LIMITS_ALLOWANCE_REQUESTS: '5', LIMITS_ALLOWANCE_CREDITS: '10' };
// The bursts below wait for the counter often, on a shared machine: no 503 for being slow there.
const PATIENT = { LIMITS_TIMEOUT_MS: '30000' };
let clients = 0;
const freshIp = () => `198.51.100.${++clients}`;

/** `ISOLATES` proxies sharing one `USAGE` namespace whose every call takes 25 ms each way. */
function isolates(vars: Record<string, unknown>) {
  const env = testEnv({ USAGE: delayedUsage(bindings.USAGE, 25), ...ALLOWANCE, ...PATIENT, ...vars });
  const proxies = Array.from({ length: ISOLATES }, () =>
    withExecutionContext(createProxy({ now: () => NOON })),
  );
  return { env, proxies };
}

async function burst(
  proxies: ReturnType<typeof isolates>['proxies'],
  env: ReturnType<typeof testEnv>,
  ip: string,
  total: number,
) {
  const responses = await Promise.all(
    Array.from({ length: total }, (_, i) =>
      proxies[i % proxies.length]!.call(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env),
    ),
  );
  await Promise.all(responses.map((response) => response.text()));
  return responses.map((response) => response.status);
}

// Hundreds of requests, each of those that ask waiting 50 ms for the counter, on a shared machine.
describe('limits off the request path', { timeout: 60_000 }, () => {
  it('lets at most 50 + N per isolate of 200 concurrent requests through against a limit of 50 a minute', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    // Credits off, so only the request allowance bounds the overdraft.
    const { env, proxies } = isolates({
      RATE_LIMIT_PER_MINUTE: '50',
      DAILY_CREDITS: undefined,
      DISABLE_DAILY_CREDITS: 'true',
    });
    const ip = freshIp();
    // Every isolate has heard of the client once, so the burst runs on allowances and overdraft.
    for (const proxy of proxies) {
      const first = await proxy.call(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env);
      expect(first.status).toBe(200);
      await first.text();
    }

    const statuses = await burst(proxies, env, ip, 200);

    const served = upstream.requests.length;
    expect(statuses.filter((s) => s === 200).length + ISOLATES).toBe(served);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // The stated bound: the limit plus LIMITS_ALLOWANCE_REQUESTS per isolate serving the client.
    expect(served).toBeLessThanOrEqual(50 + ISOLATES * 5);
    // Reserved allowances left unused are at most the same amount.
    expect(served).toBeGreaterThanOrEqual(50 - ISOLATES * 5);

    // Every isolate now knows the client is over: refused without reaching the upstream.
    await Promise.all(proxies.map((proxy) => proxy.settled()));
    const after = await burst(proxies, env, ip, 40);
    expect(after.every((s) => s === 429)).toBe(true);
    expect(upstream.requests.length).toBe(served);
  });

  it('keeps the credits spent within the budget plus LIMITS_ALLOWANCE_CREDITS per isolate', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const { env, proxies } = isolates({
      RATE_LIMIT_PER_MINUTE: undefined,
      DISABLE_RATE_LIMIT: 'true',
      DAILY_CREDITS: '60',
      CREDIT_PRICES: '{"modelCall": 2}',
    });
    const ip = freshIp();
    for (const proxy of proxies)
      await (await proxy.call(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env)).text();

    const statuses = await burst(proxies, env, ip, 200);

    const credits = upstream.requests.length * 2;
    expect(statuses.every((s) => s === 200 || s === 402)).toBe(true);
    expect(credits).toBeLessThanOrEqual(60 + ISOLATES * 10);
    expect(credits).toBeGreaterThanOrEqual(60 - ISOLATES * 10);
  });

  it('answers a warm client without calling the counter, and reports to it afterwards', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const usage = delayedUsage(bindings.USAGE, 25);
    const grants = vi.spyOn(usage, 'get');
    const env = testEnv({ USAGE: usage, RATE_LIMIT_PER_MINUTE: '50', DAILY_CREDITS: '100' });
    const proxy = withExecutionContext(createProxy({ now: () => NOON }));
    const ip = freshIp();
    const call = () => proxy.call(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env);

    const cold = performance.now();
    const first = await call();
    const coldMs = performance.now() - cold;
    expect(first.status).toBe(200);
    await first.text();
    const asked = grants.mock.calls.length;
    const warm = performance.now();
    const second = await call();
    const warmMs = performance.now() - warm;

    expect(second.status).toBe(200);
    await second.text();
    // One ask each to the client's counter and the deployment's (issue 39), side by side.
    expect(asked).toBe(2);
    expect(coldMs).toBeGreaterThanOrEqual(45);
    // The counter is 50 ms away; the warm request did not wait for it (it renews in the background).
    expect(warmMs).toBeLessThan(45);
    expect(second.headers.get('X-RateLimit-Remaining')).toBe('48');
    expect(second.headers.get('X-Credits-Remaining')).toBe('98');
    await proxy.settled();
    expect(grants.mock.calls.length).toBeGreaterThan(asked);
    const spent = await bindings.USAGE.get(bindings.USAGE.idFromName(`ip:${ip}`)).spent(NOON);
    expect(spent).toBeGreaterThanOrEqual(2);
  });
});

describe('a counter that is slow or gone: fail closed', () => {
  for (const how of ['hang', 'fail'] as const) {
    it(`refuses a client with no allowance with 503 limits_unavailable and Retry-After (counter ${how === 'hang' ? 'never answers' : 'fails'})`, async () => {
      const upstream = stubUpstream(() => Response.json({ id: 'x' }));
      const usage = unavailableUsage<DurableObjectNamespace>(how);
      const env = testEnv({ USAGE: usage.namespace, LIMITS_TIMEOUT_MS: '100' });
      const proxy = createProxy({ now: () => NOON });

      const started = performance.now();
      const refused = await proxy(chatRequest({ headers: { 'CF-Connecting-IP': freshIp() } }), env);
      const waited = performance.now() - started;

      expect(refused.status).toBe(503);
      expect(refused.headers.get('Retry-After')).toBe('1');
      expect(await refused.json()).toMatchObject({ error: { code: 'limits_unavailable' } });
      expect(upstream.spy).not.toHaveBeenCalled();
      // The client's counter and the deployment's (issue 39), asked side by side, once each.
      expect(usage.calls()).toBe(2);
      expect(waited).toBeLessThan(how === 'hang' ? 1000 : 90);
    });
  }

  it('serves a known client only from what its allowance has left, then fails closed', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const ip = freshIp();
    const proxy = createProxy({ now: () => NOON });
    const gone = unavailableUsage<DurableObjectNamespace>('hang');
    let down = false;
    // The real counter, until it stops answering.
    const usage = {
      idFromName: (name: string) => bindings.USAGE.idFromName(name),
      get: (id: DurableObjectId) => (down ? gone.namespace.get(id) : bindings.USAGE.get(id)),
    };
    const env = testEnv({ USAGE: usage, ...ALLOWANCE, LIMITS_TIMEOUT_MS: '50' });
    expect((await proxy(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env)).status).toBe(200);
    down = true;

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await proxy(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env)).status);

    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeLessThanOrEqual(5);
    expect(statuses.slice(served).every((s) => s === 503)).toBe(true);
    expect(upstream.requests.length).toBe(1 + served);
  });
});
