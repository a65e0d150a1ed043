// The OAuth test servers and hubs over them, for one test file: servers started before its tests, hubs
// disposed and settings reset after each test.
import {
  headlessSignIn,
  McpHub,
  type McpHubEvent,
  type McpHubOptions,
  type McpServerAuth,
  type OAuthStore,
  type SignIn,
} from '@agent-chat/core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type OAuthTestServers, startOAuthTestServers } from './oauth-test-servers.ts';

/** Where the test authorization server sends the browser back (never visited: the sign-ins follow it). */
export const redirectUrl = 'http://127.0.0.1:9/callback';

export interface OAuthHubFixture {
  readonly servers: OAuthTestServers;
  /** A hub with one server `docs` that needs sign-in with `auth` (`retries: 0`), and hub `options`. */
  hubWith(auth: McpServerAuth, events?: McpHubEvent[], options?: Partial<McpHubOptions>): McpHub;
  /** A sign-in that asks the user first (like the popup) but then follows the redirects itself. */
  userSignIn(): SignIn;
  storedTokens(store: OAuthStore): Promise<{ access_token: string; refresh_token?: string } | undefined>;
}

export function oauthHubFixture(): OAuthHubFixture {
  let servers: OAuthTestServers | undefined;
  const hubs: McpHub[] = [];
  beforeAll(async () => {
    servers = await startOAuthTestServers();
  });
  afterAll(async () => {
    await servers?.stop();
  });
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.dispose()));
    Object.assign(servers!.settings, {
      accessTokenTtlS: 3600,
      consent: 'auto',
      failTokens: false,
      refuseToolCalls: 'no',
    });
  });
  const current = (): OAuthTestServers => {
    if (!servers) throw new Error('the OAuth test servers have not started');
    return servers;
  };
  return {
    get servers() {
      return current();
    },
    hubWith(auth, events = [], options = {}) {
      const hub = new McpHub({
        ...options,
        servers: [{ id: 'docs', url: current().mcpUrl, retries: 0, auth: { redirectUrl, ...auth } }],
        onEvent: (event) => events.push(event),
      });
      hubs.push(hub);
      return hub;
    },
    userSignIn() {
      const headless = headlessSignIn({ redirectUrl });
      return { needsUser: true, open: (url, context) => headless.open(url, context) };
    },
    async storedTokens(store) {
      return (await store.get(current().mcpUrl))?.tokens;
    },
  };
}
