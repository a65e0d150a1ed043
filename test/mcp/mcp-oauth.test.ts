import {
  headlessSignIn,
  McpAuthError,
  type McpHubEvent,
  memoryOAuthStore,
  type SignIn,
} from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { oauthHubFixture, redirectUrl } from './oauth/oauth-hub-fixture.ts';

const fixture = oauthHubFixture();
const { hubWith, userSignIn, storedTokens } = fixture;

describe('McpHub sign-in against a local OAuth 2.1 authorization server', () => {
  it('signs in (registration, PKCE, resource, offline_access) and calls the protected tool', async () => {
    const store = memoryOAuthStore();
    const hub = hubWith({ store, signIn: headlessSignIn({ redirectUrl }) });
    await hub.start();
    const outcome = await hub.callTool('mcp__docs__whoami', {});
    expect(outcome.text).toBe('signed in as demo-user with scopes mcp:tools offline_access');
    const authorize = fixture.servers.requests
      .filter((r) => r.server === 'auth' && r.path === '/authorize')
      .at(-1)!;
    expect(authorize.query).toMatchObject({
      resource: fixture.servers.mcpUrl,
      scope: 'mcp:tools offline_access',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const tokens = await storedTokens(store);
    expect(tokens?.refresh_token).toMatch(/^rt-/);
    const [account] = await hub.accounts();
    expect(account).toMatchObject({
      serverId: 'docs',
      signedIn: true,
      scopes: ['mcp:tools', 'offline_access'],
    });
  });

  it('refreshes the access token before it expires, so the server never sees an expired one', async () => {
    fixture.servers.settings.accessTokenTtlS = 2;
    const store = memoryOAuthStore();
    const hub = hubWith({ store, signIn: headlessSignIn({ redirectUrl }), refreshMarginMs: 1_500 });
    await hub.start();
    const first = (await storedTokens(store))!.access_token;
    await new Promise((resolve) => setTimeout(resolve, 700));
    const from = fixture.servers.requests.length;
    expect((await hub.callTool('mcp__docs__whoami', {})).text).toContain('demo-user');
    const later = fixture.servers.requests.slice(from);
    expect(later.some((r) => r.path === '/token' && r.body.includes('grant_type=refresh_token'))).toBe(true);
    expect(later.filter((r) => r.server === 'mcp').map((r) => r.headers.authorization)).not.toContain(
      `Bearer ${first}`,
    );
    expect((await storedTokens(store))!.access_token).not.toBe(first);
  });

  it('asks the user with a Connect question in the call that needs it, and the call goes on after sign-in', async () => {
    const events: McpHubEvent[] = [];
    const store = memoryOAuthStore();
    const hub = hubWith({ store, signIn: headlessSignIn({ redirectUrl }) }, events);
    await hub.start();
    // Signed out: the tools stay known, the next call asks to sign in again.
    await hub.signOut('docs');
    expect(await storedTokens(store)).toBeUndefined();
    expect(fixture.servers.revoked.length).toBeGreaterThanOrEqual(2);
    const interactive = hubWith({ store, signIn: userSignIn() }, events);
    await interactive.start();
    expect(events).toContainEqual({
      type: 'mcp.auth.required',
      serverId: 'docs',
      scopes: ['mcp:tools', 'offline_access'],
    });
    expect(interactive.servers()[0]!.status).toBe('signed-out');
    await interactive.signIn('docs');
    await interactive.signOut('docs');
    const asked: unknown[] = [];
    const call = interactive.callTool(
      'mcp__docs__whoami',
      {},
      {
        toolCallId: 't1',
        emit: (event) => {
          asked.push(event);
          if ('requestId' in event && event.type === 'clarify.request')
            interactive.respond(event.requestId, { action: 'accept' });
        },
      },
    );
    expect((await call).text).toContain('demo-user');
    expect(asked).toContainEqual(
      expect.objectContaining({
        type: 'clarify.request',
        source: 'mcp-auth',
        serverId: 'docs',
        scopes: ['mcp:tools', 'offline_access'],
      }),
    );
  });

  it.each([
    ['a denied consent', { consent: 'deny' as const }, 'denied', /did not allow access/],
    [
      'an authorization server that fails',
      { failTokens: true },
      'server_error',
      /authorization server failed/,
    ],
  ])(
    '%s ends the call with a clear message and stores no token; the hub keeps working',
    async (_, settings, reason, message) => {
      const store = memoryOAuthStore();
      const hub = hubWith({ store, signIn: userSignIn() });
      await hub.start();
      await hub.signIn('docs').catch(() => undefined);
      Object.assign(fixture.servers.settings, settings);
      await hub.signOut('docs');
      const error = await hub
        .callTool(
          'mcp__docs__whoami',
          {},
          {
            emit: (event) => {
              if (event.type === 'clarify.request') hub.respond(event.requestId, { action: 'accept' });
            },
          },
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpAuthError);
      expect(error).toMatchObject({ reason, code: 'mcp_auth_failed' });
      expect((error as Error).message).toMatch(message);
      expect(await storedTokens(store)).toBeUndefined();
      Object.assign(fixture.servers.settings, { consent: 'auto', failTokens: false });
      const retry = await hub.callTool(
        'mcp__docs__whoami',
        {},
        {
          emit: (event) => {
            if (event.type === 'clarify.request') hub.respond(event.requestId, { action: 'accept' });
          },
        },
      );
      expect(retry.text).toContain('demo-user');
    },
  );

  it('a redirect whose state is not ours is refused and stores nothing', async () => {
    const store = memoryOAuthStore();
    const headless = headlessSignIn({ redirectUrl });
    const forged: SignIn = {
      needsUser: false,
      open: async (url, context) => {
        const back = await headless.open(url, context);
        back.searchParams.set('state', 'forged');
        return back;
      },
    };
    const hub = hubWith({ store, signIn: forged });
    await hub.start();
    expect(hub.servers()[0]).toMatchObject({
      status: 'signed-out',
      lastError: expect.stringContaining('did not match'),
    });
    expect(await storedTokens(store)).toBeUndefined();
  });

  it('a new sign-in that is cancelled (step-up, re-consent) keeps the working token', async () => {
    const store = memoryOAuthStore();
    let cancel = false;
    const headless = headlessSignIn({ redirectUrl });
    const signIn: SignIn = {
      needsUser: true,
      open: (url, context) =>
        cancel
          ? Promise.reject(new McpAuthError('docs', 'closed', 'the sign-in window was closed'))
          : headless.open(url, context),
    };
    const hub = hubWith({ store, signIn });
    await hub.start();
    await hub.signIn('docs');
    const before = (await storedTokens(store))!.access_token;
    cancel = true;
    await expect(hub.signIn('docs')).rejects.toMatchObject({ reason: 'closed' });
    expect((await storedTokens(store))?.access_token).toBe(before);
    expect((await hub.accounts())[0]).toMatchObject({ signedIn: true });
    // The call goes on with the old token, without asking to sign in.
    const outcome = await hub.callTool('mcp__docs__whoami', {});
    expect(outcome.text).toContain('demo-user');
  });

  it('a declined Connect question ends the call with a message for the model', async () => {
    const hub = hubWith({ store: memoryOAuthStore(), signIn: userSignIn() });
    await hub.start();
    await hub.signIn('docs');
    await hub.signOut('docs');
    const error = await hub
      .callTool(
        'mcp__docs__whoami',
        {},
        {
          emit: (event) => {
            if (event.type === 'clarify.request') hub.respond(event.requestId, { action: 'decline' });
          },
        },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: 'denied',
      message: expect.stringContaining('declined to connect'),
    });
  });

  it('a plain 403 to the signed-in user is "forbidden", not blamed on scope, and asks for no new sign-in', async () => {
    const hub = hubWith({ store: memoryOAuthStore(), signIn: headlessSignIn({ redirectUrl }) });
    await hub.start();
    fixture.servers.settings.refuseToolCalls = 'forbidden';
    const authorizations = () => fixture.servers.requests.filter((r) => r.path === '/authorize').length;
    const before = authorizations();

    const error = await hub.callTool('mcp__docs__whoami', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(McpAuthError);
    expect(error).toMatchObject({
      reason: 'forbidden',
      message: expect.stringContaining('does not allow this account'),
    });
    expect((error as Error).message).not.toContain('lack of scope');
    expect(authorizations()).toBe(before);
  });

  it('403 insufficient_scope again after the step-up is "step_up_limit", which blames the scope', async () => {
    const hub = hubWith({ store: memoryOAuthStore(), signIn: headlessSignIn({ redirectUrl }) });
    await hub.start();
    fixture.servers.settings.refuseToolCalls = 'insufficient_scope';
    const toolCalls = () =>
      fixture.servers.requests.filter((r) => r.server === 'mcp' && r.body.includes('"tools/call"')).length;

    const error = await hub.callTool('mcp__docs__whoami', {}).catch((e: unknown) => e);

    expect(error).toMatchObject({
      reason: 'step_up_limit',
      message: expect.stringContaining('lack of scope'),
    });
    // The SDK stepped up (new tokens for the scope asked for) and tried again before giving up.
    expect(toolCalls()).toBeGreaterThanOrEqual(2);
  });
});
