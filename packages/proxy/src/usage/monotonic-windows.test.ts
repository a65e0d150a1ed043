// Issue 39 point 4: usage windows never move backwards, and the rate limit slides, so two full
// windows cannot be spent back to back across a minute's boundary.
import { describe, expect, it } from 'vitest';
import { chatRequest, stubUpstream, testEnv } from '../../test/harness';
import { createProxy } from '../routes/create-proxy';
import { applyGrant, type Counts, type GrantAsk } from './grant';

const W1 = Date.parse('2026-11-22T12:00:30Z');
const W2 = Date.parse('2026-11-22T12:01:30Z');

const ask = (now: number, need = 1): GrantAsk => ({
  now,
  ratePerMinute: 10,
  dailyCredits: 100,
  need: { requests: need, credits: need },
  want: { requests: 0, credits: 0 },
  report: { windowStart: 0, requests: 0, day: '', credits: 0 },
});

// Exact limits (no per-isolate allowance), so a count is the count.
const exact = (vars: Record<string, unknown> = {}) =>
  testEnv({ LIMITS_ALLOWANCE_REQUESTS: '0', LIMITS_ALLOWANCE_CREDITS: '0', ...vars });

let ipCounter = 0;
const freshIp = () => `192.0.2.${200 + ++ipCounter}`;

async function burst(now: number, ip: string, count: number, env = exact({ RATE_LIMIT_PER_MINUTE: '5' })) {
  const proxy = createProxy({ now: () => now });
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await proxy(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env)).status);
  return statuses;
}

describe('monotonic windows (issue 39)', () => {
  it('an older-window grant leaves the newer window’s count and the newer day’s credits alone', () => {
    const counts: Counts = { windowStart: 0, windowCount: 0, day: '', spent: 0 };
    for (let i = 0; i < 4; i++) applyGrant(counts, ask(W2));
    const dayBefore = counts.day;

    const late = applyGrant(counts, ask(W1));
    const older = applyGrant(counts, ask(Date.parse('2026-11-21T23:59:59Z')));

    expect(counts.windowStart).toBe(Date.parse('2026-11-22T12:01:00Z'));
    expect(counts.day).toBe(dayBefore);
    // Counted in the newer window and day (the safe side), never resetting them.
    expect(counts.windowCount).toBe(6);
    expect(counts.spent).toBe(6);
    expect(late.windowStart).toBe(counts.windowStart);
    expect(older.day).toBe('2026-11-22');
  });

  it('an isolate whose clock is a minute behind does not reset the counter for the others', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const ip = freshIp();

    const now = await burst(W2, ip, 3);
    const behind = await burst(W1, ip, 1);
    const after = await burst(W2, ip, 3);

    expect([...now, ...behind, ...after]).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(upstream.requests).toHaveLength(5);
  });

  it('cannot spend two full windows back to back across the minute’s boundary', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const ip = freshIp();

    const endOfMinute = await burst(Date.parse('2026-11-22T12:00:59.900Z'), ip, 5);
    const startOfNext = await burst(Date.parse('2026-11-22T12:01:00.100Z'), ip, 5);
    // Halfway through the next minute, half of the previous minute's requests still count.
    const halfway = await burst(Date.parse('2026-11-22T12:01:30Z'), ip, 3);

    expect(endOfMinute).toEqual([200, 200, 200, 200, 200]);
    expect(startOfNext).toEqual([429, 429, 429, 429, 429]);
    expect(halfway).toEqual([200, 200, 429]);
    expect(upstream.requests).toHaveLength(7);
  });

  it('an isolate that was told “none left” admits again once the previous minute’s requests slide out', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const ip = freshIp();
    let clock = Date.parse('2026-11-22T12:00:59.900Z');
    const proxy = createProxy({ now: () => clock });
    const env = exact({ RATE_LIMIT_PER_MINUTE: '5' });
    const call = async () => (await proxy(chatRequest({ headers: { 'CF-Connecting-IP': ip } }), env)).status;

    const full: number[] = [];
    for (let i = 0; i < 5; i++) full.push(await call());
    clock = Date.parse('2026-11-22T12:01:00.100Z');
    const atBoundary = await call();
    clock = Date.parse('2026-11-22T12:01:30Z');
    const halfway = [await call(), await call(), await call()];

    expect(full).toEqual([200, 200, 200, 200, 200]);
    expect(atBoundary).toBe(429);
    expect(halfway).toEqual([200, 200, 429]);
    expect(upstream.requests).toHaveLength(7);
  });
});
