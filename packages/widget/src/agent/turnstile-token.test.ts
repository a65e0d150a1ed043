import { afterEach, describe, expect, it, vi } from 'vitest';
import { TurnstileToken } from './turnstile-token.js';

afterEach(() => {
  delete window.turnstile;
});

const PROXY = 'http://proxy.test';

/** A Turnstile that passes at once with a new check token each time, and a proxy that records exchanges. */
function fakeTurnstileAndProxy(options: { lifetimeMs: number; chatStatus?: () => number }) {
  let checks = 0;
  window.turnstile = {
    render: (_container, { callback }) => {
      queueMicrotask(() => callback(`check-${++checks}`));
      return `widget-${checks}`;
    },
    remove: () => undefined,
  };
  const exchanges: Array<{ token: string; previous?: string }> = [];
  const chatAuth: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === `${PROXY}/v1/turnstile`) {
        exchanges.push(JSON.parse(String(init?.body)) as { token: string; previous?: string });
        const expiresAt = new Date(Date.now() + options.lifetimeMs).toISOString();
        return Response.json({ token: `client-${exchanges.length}`, expiresAt });
      }
      chatAuth.push(new Headers(init?.headers).get('Authorization'));
      return new Response('{}', { status: options.chatStatus?.() ?? 200 });
    }),
  );
  return { exchanges, chatAuth };
}

describe('TurnstileToken', () => {
  it('renews with the previous client token, so the proxy keeps the visitor one client', async () => {
    // 30 s left is inside the one-minute renewal margin: every call renews.
    const { exchanges, chatAuth } = fakeTurnstileAndProxy({ lifetimeMs: 30_000 });
    const host = document.createElement('div');
    const token = new TurnstileToken(host, PROXY, 'site-key');

    await token.fetch(`${PROXY}/v1/chat/completions`, { method: 'POST' });
    await token.fetch(`${PROXY}/v1/chat/completions`, { method: 'POST' });

    expect(exchanges).toEqual([{ token: 'check-1' }, { token: 'check-2', previous: 'client-1' }]);
    expect(chatAuth).toEqual(['Bearer client-1', 'Bearer client-2']);
  });

  it('sends the refused token as previous when a 401 makes it solve Turnstile again', async () => {
    let chats = 0;
    const { exchanges, chatAuth } = fakeTurnstileAndProxy({
      lifetimeMs: 900_000,
      chatStatus: () => (++chats === 1 ? 401 : 200),
    });
    const token = new TurnstileToken(document.createElement('div'), PROXY, 'site-key');

    const response = await token.fetch(`${PROXY}/v1/chat/completions`, { method: 'POST' });

    expect(response.status).toBe(200);
    expect(exchanges).toEqual([{ token: 'check-1' }, { token: 'check-2', previous: 'client-1' }]);
    expect(chatAuth).toEqual(['Bearer client-1', 'Bearer client-2']);
  });
});
