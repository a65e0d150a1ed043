// Issue 39 point 1: a client is who it is, not the address it uses today. A host with an IPv6 /64
// (most VPS have one) can send every request from a new address; they must all count as one client.
import { describe, expect, it } from 'vitest';
import { chatRequest, proxyRequest, stubUpstream, testEnv } from '../../test/harness';
import { createProxy } from '../routes/create-proxy';
import { clientKey } from './client-key';

const NOON = Date.parse('2026-11-22T12:00:30Z');
// Exact limits (no per-isolate allowance), so a count is the count.
const exact = (vars: Record<string, unknown> = {}) =>
  testEnv({
    RATE_LIMIT_PER_MINUTE: '5',
    LIMITS_ALLOWANCE_REQUESTS: '0',
    LIMITS_ALLOWANCE_CREDITS: '0',
    ...vars,
  });

const from = (ip: string) => chatRequest({ headers: { 'CF-Connecting-IP': ip } });

async function statuses(ips: string[], vars: Record<string, unknown> = {}): Promise<number[]> {
  const proxy = createProxy({ now: () => NOON });
  const env = exact(vars);
  const answers: number[] = [];
  for (const ip of ips) answers.push((await proxy(from(ip), env)).status);
  return answers;
}

describe('client identity across address rotation (issue 39)', () => {
  it('limits 12 addresses inside one IPv6 /64 as one client', async () => {
    const upstream = stubUpstream(() => Response.json({ id: 'x' }));
    const ips = Array.from({ length: 12 }, (_, i) => `2001:db8:39:1::${(i + 1).toString(16)}:${i * 7}`);

    const answers = await statuses(ips);

    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    expect(upstream.requests).toHaveLength(5);
  });

  it('treats distinct /64s of one /48 as distinct clients by default, and as one with CLIENT_IPV6_PREFIX=48', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const ips = Array.from({ length: 8 }, (_, i) => `2001:db8:48:${i + 1}::1`);

    const byDefault = await statuses(ips);
    const per48 = await statuses(
      ips.map((ip) => ip.replace('2001:db8:48:', '2001:db8:480:')),
      { CLIENT_IPV6_PREFIX: '48' },
    );

    expect(byDefault.every((s) => s === 200)).toBe(true);
    expect(per48).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('keeps IPv4 clients by address, and reads an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const answers = await statuses([
      '198.51.100.39',
      '198.51.100.39',
      '::ffff:198.51.100.39',
      '198.51.100.39',
      '::ffff:c633:6427',
      '198.51.100.39',
      '198.51.100.40',
    ]);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 200]);
  });

  it('caps new Turnstile clients per /64, not per address', async () => {
    const SITEVERIFY = 'http://siteverify.test/turnstile/v0/siteverify';
    stubUpstream(() => Response.json({ success: true }));
    const proxy = createProxy({ now: () => NOON });
    const env = testEnv({
      TURNSTILE_SECRET_KEY: 'turnstile-secret-0x4AAA-client-key',
      TURNSTILE_SITEVERIFY_URL: SITEVERIFY,
      TURNSTILE_CLIENTS_PER_IP_PER_DAY: '3',
      AUTH_SECRET: 'auth-secret-client-key-test-0b7d2e94c1',
    });
    const answers: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const request = proxyRequest('/v1/turnstile', {
        method: 'POST',
        body: JSON.stringify({ token: 'XXXX.DUMMY.TOKEN.XXXX' }),
        headers: { 'CF-Connecting-IP': `2001:db8:39:2::${i}` },
      });
      answers.push((await proxy(request, env)).status);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429]);
  });

  it('refuses a CLIENT_IPV6_PREFIX that is not a whole number of bits from 16 to 128', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    for (const value of ['0', '129', '64.5', 'slash64']) {
      const response = await createProxy()(from('2001:db8::1'), exact({ CLIENT_IPV6_PREFIX: value }));
      expect(response.status).toBe(500);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error).toMatchObject({ code: 'config_invalid' });
      expect(error.message).toContain('CLIENT_IPV6_PREFIX');
    }
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', 64, 'ip:203.0.113.7'],
    ['2001:DB8:0:1:aaaa:bbbb:cccc:dddd', 64, 'ip6:2001:db8:0:1::/64'],
    ['2001:db8:0:1::2', 56, 'ip6:2001:db8:0:0::/56'],
    ['2001:db8:1234:5678::9', 128, 'ip6:2001:db8:1234:5678:0:0:0:9/128'],
    ['::ffff:203.0.113.7', 64, 'ip:203.0.113.7'],
    [null, 64, 'ip:unknown'],
    ['not an address', 64, 'ip:unknown'],
  ])('keys %s (/%i) as %s', (header, prefix, key) => {
    expect(clientKey(header, prefix)).toBe(key);
  });
});
