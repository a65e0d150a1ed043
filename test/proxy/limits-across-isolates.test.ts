import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerdServe, type WorkerdServe } from '../../scripts/lib/workerd-serve.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';

// Issue 28, outside in: four Workers under `workerd serve` (four isolates) built from the deploy
// bundle of the proxy, sharing one UsageCounter namespace that is 25 ms away each way
// (packages/proxy/test/delayed-counter-worker.ts). One client, a limit of 50 a minute, 200
// concurrent requests: at most 50 + 4 × LIMITS_ALLOWANCE_REQUESTS reach the model server.

const ORIGIN = 'http://127.0.0.1:5173';
const ISOLATES = 4;
const ALLOWANCE = 5;
const LIMIT = 50;
const CLIENT = { 'CF-Connecting-IP': '203.0.113.50' };
let model: ScriptedModelServer;
let served: WorkerdServe;

beforeAll(async () => {
  model = await startScriptedModelServer({ idleTimeoutMs: 120_000 });
  const configDir = join(import.meta.dirname, '../../bench/proxy-ttfb/delayed-do-worker');
  const vars = {
    UPSTREAM_BASE_URL: model.baseURL,
    ALLOWED_ORIGINS: ORIGIN,
    MODELS: 'gpt-4o-mini',
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    // Credits off, so only the request allowance bounds the overdraft.
    DISABLE_DAILY_CREDITS: 'true',
    LIMITS_ALLOWANCE_REQUESTS: String(ALLOWANCE),
    // Waiting for the counter is slow on a shared machine; this test is about the bound, not 503s.
    LIMITS_TIMEOUT_MS: '30000',
    USAGE_DELAY_MS: '25',
  };
  served = await startWorkerdServe(
    Array.from({ length: ISOLATES }, (_, i) => ({
      name: `isolate ${i}`,
      configDir,
      vars,
      ...(i === 0
        ? { durableObjects: [{ binding: 'USAGE', className: 'UsageCounter' }] }
        : { sharedDurableObjects: [{ binding: 'USAGE', className: 'UsageCounter', owner: 'isolate 0' }] }),
    })),
    180_000,
  );
}, 180_000);

afterAll(async () => {
  await served?.stop();
  await model?.close();
});

async function chat(isolate: number): Promise<number> {
  const response = await fetch(`${Object.values(served.urls)[isolate]}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...CLIENT },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  });
  await response.text();
  return response.status;
}

describe('one client over four isolates sharing a Durable Object 25 ms away', () => {
  it('lets at most 50 + 4 × 5 of 200 concurrent requests reach the upstream, then refuses everywhere', async () => {
    // The whole test inside one rate window.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    for (let i = 0; i < 400; i++) model.enqueue({ text: 'ok' });
    const before = model.requests.length;
    // Each isolate hears of the client once.
    for (let i = 0; i < ISOLATES; i++) expect(await chat(i)).toBe(200);

    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => chat(i % ISOLATES)));

    const reached = model.requests.length - before;
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 200).length + ISOLATES).toBe(reached);
    expect(reached).toBeLessThanOrEqual(LIMIT + ISOLATES * ALLOWANCE);
    expect(reached).toBeGreaterThanOrEqual(LIMIT - ISOLATES * ALLOWANCE);

    // Once every isolate has heard back, the client is refused everywhere without reaching the upstream.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await Promise.all(Array.from({ length: 40 }, (_, i) => chat(i % ISOLATES)));
    expect(after.every((status) => status === 429)).toBe(true);
    expect(model.requests.length - before).toBe(reached);
  });
});
