// A client is the token subject, else the IP (issue 17): limits and credits are kept per subject, so
// subjects behind one address do not share, and one subject on several addresses does not multiply.
import { env as bindings } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { chatRequest, stubUpstream, testEnv } from '../../test/harness';
import { mintClientToken } from '../auth/client-token';
import { createProxy } from '../routes/create-proxy';

const AUTH_SECRET = 'auth-secret-client-buckets-91d2-5a7e0c3b';
const NOON = Date.parse('2026-11-22T12:00:30Z');
const proxy = createProxy({ now: () => NOON });
const env = testEnv({ AUTH_SECRET, USAGE: bindings.USAGE, RATE_LIMIT_PER_MINUTE: '2', DAILY_CREDITS: '5' });

const token = (sub: string) => mintClientToken({ secret: AUTH_SECRET, sub, ttlSeconds: 900, now: NOON });
const chat = async (sub: string, ip: string) =>
  proxy(
    chatRequest({ headers: { Authorization: `Bearer ${await token(sub)}`, 'CF-Connecting-IP': ip } }),
    env,
  );

describe('limits per client: the token subject, else the IP', () => {
  it('gives two subjects behind one IP a bucket each', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const ip = '203.0.113.200';

    const alice = [await chat('alice-b1', ip), await chat('alice-b1', ip), await chat('alice-b1', ip)];
    const bob = await chat('bob-b1', ip);

    expect(alice.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(bob.status).toBe(200);
    expect(bob.headers.get('X-RateLimit-Remaining')).toBe('1');
    expect(bob.headers.get('X-Credits-Remaining')).toBe('4');
    expect(upstream.spy).toHaveBeenCalledTimes(3);
  });

  it('makes one subject on two IPs share one bucket', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));

    const home = await chat('carol-b2', '198.51.100.21');
    const office = await chat('carol-b2', '198.51.100.22');
    const phone = await chat('carol-b2', '198.51.100.23');

    expect(home.headers.get('X-Credits-Remaining')).toBe('4');
    expect(office.status).toBe(200);
    expect(office.headers.get('X-Credits-Remaining')).toBe('3');
    expect(phone.status).toBe(429);
    expect(await phone.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(upstream.spy).toHaveBeenCalledTimes(2);
  });
});
