import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenEndpointError } from '../shared/widget-errors.js';
import { ClientToken } from './client-token.js';

afterEach(() => vi.unstubAllGlobals());

describe('ClientToken', () => {
  it('keeps a token until shortly before it expires, then fetches a new one', async () => {
    let issued = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ token: `t${++issued}`, expiresIn: 120 })),
    );
    let now = 1_000_000;
    const token = new ClientToken('http://site.test/token', () => now);
    expect(await token.get()).toBe('t1');
    now += 60_000;
    expect(await token.get()).toBe('t1');
    // 30 s before expiry it is renewed, so no request leaves with a token about to lapse.
    now += 31_000;
    expect(await token.get()).toBe('t2');
    token.stop();
  });

  it('reads the expiry from an agent-chat proxy token when the endpoint does not say it', async () => {
    const exp = Math.floor(Date.now() / 1000) + 10;
    const payload = btoa(JSON.stringify({ sub: 'u1', exp })).replaceAll('=', '');
    let issued = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ token: `${payload}.sig${++issued}` })),
    );
    const token = new ClientToken('http://site.test/token');
    // 10 s left is inside the renew margin: each get() asks for a fresh one.
    await token.get();
    expect(await token.get()).toBe(`${payload}.sig2`);
    token.stop();
  });

  it('sends the token and retries once with a new one when the proxy says it expired', async () => {
    const seen: string[] = [];
    let issued = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/token')) return Response.json({ token: `t${++issued}`, expiresIn: 600 });
        const auth = new Headers(init?.headers).get('authorization') ?? '';
        seen.push(auth);
        return auth === 'Bearer t1'
          ? Response.json({ error: { code: 'token_expired', message: 'expired' } }, { status: 401 })
          : new Response('ok');
      }),
    );
    const token = new ClientToken('http://site.test/token');
    const response = await token.fetch('http://proxy.test/v1/chat/completions', {
      method: 'POST',
      body: '{}',
    });
    expect(await response.text()).toBe('ok');
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    token.stop();
  });

  it('throws TokenEndpointError saying what the endpoint must answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    const error = await new ClientToken('http://site.test/token').get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect((error as TokenEndpointError).status).toBe(503);
    expect((error as Error).message).toContain('http://site.test/token (HTTP 503)');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ nope: true })),
    );
    await expect(new ClientToken('http://site.test/token').get()).rejects.toThrow('no "token" string');
  });
});
