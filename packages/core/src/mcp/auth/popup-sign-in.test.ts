import { afterEach, describe, expect, it, vi } from 'vitest';
import { popupSignIn } from './popup-sign-in.js';
import { postSignInResult, SIGN_IN_MESSAGE } from './sign-in-channel.js';

const redirectUrl = 'https://app.example/callback';

interface FakePopup {
  name: string;
  closed: boolean;
  location: { href: string };
  close(): void;
}

/** A page whose window.open gives popups that record where they were sent. */
function fakeWindow() {
  const popups: FakePopup[] = [];
  const page = Object.assign(new EventTarget(), {
    open: (_url: string, name: string) => {
      const popup: FakePopup = {
        name,
        closed: false,
        location: { href: '' },
        close() {
          this.closed = true;
        },
      };
      popups.push(popup);
      return popup;
    },
  });
  vi.stubGlobal('window', page);
  return { page, popups };
}

function authorizeUrl(state: string): URL {
  return new URL(`https://auth.example/authorize?state=${state}&code_challenge=x`);
}

/** What the redirect page in the popup sends back (as completeMcpSignIn does), for one state. */
function callback(state: string): string {
  return `${redirectUrl}?code=code-${state}&state=${state}`;
}

async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('popupSignIn with two sign-ins at once', () => {
  it('opens one window per flow and gives each flow its own answer, whatever the order', async () => {
    const { popups } = fakeWindow();
    const signIn = popupSignIn({ redirectUrl });
    const signal = new AbortController().signal;
    const first = signIn.open(Promise.resolve(authorizeUrl('aaa')), { signal, serverId: 'docs' });
    const second = signIn.open(Promise.resolve(authorizeUrl('bbb')), { signal, serverId: 'tracker' });
    expect(popups).toHaveLength(2);
    expect(popups[0]!.name).not.toBe(popups[1]!.name);
    await until(() => popups.every((p) => p.location.href !== ''));
    expect(popups.map((p) => new URL(p.location.href).searchParams.get('state'))).toEqual(['aaa', 'bbb']);
    // The second popup answers first.
    postSignInResult(callback('bbb'), null);
    postSignInResult(callback('aaa'), null);
    expect((await second).searchParams.get('code')).toBe('code-bbb');
    expect((await first).searchParams.get('code')).toBe('code-aaa');
    expect(popups.every((p) => p.closed)).toBe(true);
  });

  it("takes a postMessage only from its own popup, not from another flow's", async () => {
    const { page, popups } = fakeWindow();
    const signIn = popupSignIn({ redirectUrl });
    const signal = new AbortController().signal;
    const first = signIn.open(authorizeUrl('aaa'), { signal, serverId: 'docs' });
    const second = signIn.open(authorizeUrl('bbb'), { signal, serverId: 'tracker' });
    const post = (from: FakePopup, state: string) => {
      const event = new Event('message');
      Object.assign(event, {
        source: from,
        origin: new URL(redirectUrl).origin,
        data: { type: SIGN_IN_MESSAGE, url: callback(state) },
      });
      page.dispatchEvent(event);
    };
    post(popups[1]!, 'bbb');
    expect((await second).searchParams.get('state')).toBe('bbb');
    expect(popups[0]!.closed).toBe(false);
    post(popups[0]!, 'aaa');
    expect((await first).searchParams.get('state')).toBe('aaa');
  });
});
