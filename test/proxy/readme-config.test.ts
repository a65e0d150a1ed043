import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';

// The README's deploy with nothing but its three settings (ALLOWED_ORIGINS, UPSTREAM_BASE_URL and the
// key), under wrangler dev, tried the way a stranger who read the page source would: the safe defaults
// must hold without any other setting.

const ORIGIN = 'http://127.0.0.1:5173';
const KEY = 'sk-readme-config-e2e-7d41a9';

/** An upstream that records what reaches it and answers every chat completion at once. */
let upstream: Server;
const received: Record<string, unknown>[] = [];
let proxy: ProxyDev;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ id: 'c', object: 'chat.completion', choices: [] }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  proxy = await startProxyDev({
    upstreamBaseUrl: `http://127.0.0.1:${port}/v1`,
    allowedOrigins: [ORIGIN],
    upstreamApiKey: KEY,
  });
}, 90_000);

afterAll(async () => {
  await proxy?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

function chat(body: Record<string, unknown>, headers: Record<string, string> = { Origin: ORIGIN }) {
  return fetch(`${proxy.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('the README config (three settings) under wrangler dev', () => {
  it('clamps a max_tokens of 100 000 to 4096 at the upstream', async () => {
    const before = received.length;

    const response = await chat({ max_tokens: 100_000 });

    expect(response.status).toBe(200);
    expect(received.slice(before)).toEqual([expect.objectContaining({ max_tokens: 4096 })]);
    expect(response.headers.get('X-Credits-Limit')).toBe('200');
  });

  it('refuses a request without Origin and an unlisted model, reaching no upstream', async () => {
    const before = received.length;

    const curl = await chat({}, {});
    const dear = await chat({ model: 'o3-pro' });

    expect(curl.status).toBe(403);
    expect(await errorOf(curl)).toMatchObject({ code: 'origin_missing' });
    expect(dear.status).toBe(403);
    const refusal = await errorOf(dear);
    expect(refusal.code).toBe('model_not_allowed');
    expect(refusal.message).toContain('MODELS');
    expect(received.length).toBe(before);
    expect(proxy.output()).not.toContain(KEY);
  });

  it('rate-limits 150 concurrent requests from one client', async () => {
    const before = received.length;

    const responses = await Promise.all(Array.from({ length: 150 }, () => chat({})));
    const statuses = responses.map((response) => response.status);
    const limited = responses.filter((response) => response.status === 429);
    const ok = statuses.filter((status) => status === 200).length;

    expect(ok + limited.length, statuses.join(',')).toBe(150);
    // 60 a minute; a burst that straddles a minute boundary may get two windows' worth.
    expect(ok).toBeLessThanOrEqual(120);
    expect(limited.length).toBeGreaterThanOrEqual(30);
    expect(received.length - before).toBe(ok);
    const first = limited[0]!;
    expect(Number(first.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(first.headers.get('X-RateLimit-Limit')).toBe('60');
    expect(await errorOf(first)).toMatchObject({ code: 'rate_limited' });
    await Promise.all(limited.slice(1).map((response) => response.body?.cancel()));
  }, 60_000);
});
