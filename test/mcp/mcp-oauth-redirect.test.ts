import {
  completeMcpSignIn,
  headlessSignIn,
  McpAuthError,
  mcpSignInReturned,
  memoryOAuthStore,
  type SignIn,
} from '@agent-chat/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oauthHubFixture, redirectUrl } from './oauth/oauth-hub-fixture.ts';

// The redirect fallback (popup blocked) as a page lives it: the tab leaves, signs in, lands on the
// redirect page, comes back, and a new hub on the new page finishes the sign-in and hands back the turn.
const fixture = oauthHubFixture();
const { hubWith, storedTokens, userSignIn } = fixture;
const PAGE = 'http://127.0.0.1:9/chat';

/** The tab: its sessionStorage, location and window (no opener: not a popup). */
function fakeTab(): void {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, String(value)),
    removeItem: (key: string) => items.delete(key),
  });
  const location = {
    href: PAGE,
    replace(url: string) {
      location.href = url;
    },
  };
  vi.stubGlobal('location', location);
  vi.stubGlobal('window', { opener: null, name: '' });
}

/** A blocked popup: the tab itself goes to the authorization server and lands on the redirect page. */
function blockedPopup(tamper: (back: URL) => void = () => undefined): SignIn {
  const headless = headlessSignIn({ redirectUrl });
  return {
    needsUser: false,
    async open(url, context) {
      await context.beforeRedirect?.();
      const back = await headless.open(await url, context);
      tamper(back);
      location.href = back.href;
      // The redirect page: keeps the redirect and goes back to the page the sign-in started from.
      expect(completeMcpSignIn()).toBe(true);
      expect(location.href).toBe(PAGE);
      return new Promise<URL>(() => undefined);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a redirect sign-in that comes back', () => {
  async function leaveAndComeBack(signIn: SignIn) {
    fakeTab();
    const store = memoryOAuthStore();
    const turn = { conversationId: 'c1', message: 'Who am I?' };
    const before = hubWith({ store, signIn }, [], { onSignInRedirect: () => turn });
    void before.start();
    await vi.waitFor(() => expect(mcpSignInReturned()).toBe(true), { timeout: 10_000 });
    // The page came back: a new hub over the same store (its sign-ins would ask the user).
    const after = hubWith({ store, signIn: userSignIn() });
    await after.start();
    return { store, turn, after };
  }

  it('finishes the sign-in on start() and hands back what the app kept, once', async () => {
    const { store, turn, after } = await leaveAndComeBack(blockedPopup());
    expect(after.takeResumedSignIns()).toEqual([{ serverId: 'docs', signedIn: true, state: turn }]);
    expect(after.takeResumedSignIns()).toEqual([]);
    expect(mcpSignInReturned()).toBe(false);
    expect(await storedTokens(store)).toBeDefined();
    expect((await after.callTool('mcp__docs__whoami', {})).text).toContain('demo-user');
  });

  it('a redirect that came back with a state not ours: the kept turn comes back with the error, no token', async () => {
    const { store, turn, after } = await leaveAndComeBack(
      blockedPopup((back) => back.searchParams.set('state', 'forged')),
    );
    const [resumed] = after.takeResumedSignIns();
    expect(resumed).toMatchObject({ serverId: 'docs', signedIn: false, state: turn });
    expect(resumed!.error).toBeInstanceOf(McpAuthError);
    expect(resumed!.error).toMatchObject({ reason: 'state_mismatch' });
    expect(await storedTokens(store)).toBeUndefined();
  });
});
