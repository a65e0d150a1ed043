import { afterEach, describe, expect, it } from 'vitest';
import { deleteDatabase } from '../../test/indexeddb-cleanup.js';
import { indexedDBOAuthStore } from './indexeddb-oauth-store.js';
import { McpOAuthProvider, type OAuthClientSettings } from './mcp-oauth-provider.js';

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await deleteDatabase(name);
});
function dbName(): string {
  const name = `oauth-test-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}

const settings: OAuthClientSettings = { redirectUrl: 'https://app.example/callback', clientName: 'test' };
const DOCS = 'https://docs.example/mcp';
const TRACKER = 'https://tracker.example/mcp';

/** The S256 challenge of a verifier, as the SDK puts it in the authorization URL. */
async function challenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** Begins a flow as the SDK does: the verifier is saved, then the URL with its challenge and state. */
async function beginFlow(provider: McpOAuthProvider, verifier: string, state: string): Promise<void> {
  provider.saveCodeVerifier(verifier);
  const url = new URL('https://auth.example/authorize');
  url.searchParams.set('code_challenge', await challenge(verifier));
  url.searchParams.set('state', state);
  await provider.redirectToAuthorization(url);
}

describe('indexedDBOAuthStore (real IndexedDB in Chromium)', () => {
  it('keeps tokens, refresh tokens and PKCE verifiers per server across a reload; signing out of one keeps the other', async () => {
    const name = dbName();
    const store = indexedDBOAuthStore({ name });
    const docs = new McpOAuthProvider(DOCS, store, settings);
    const tracker = new McpOAuthProvider(TRACKER, store, settings);
    await docs.saveTokens({ access_token: 'at-docs', token_type: 'Bearer', refresh_token: 'rt-docs' });
    await tracker.saveTokens({
      access_token: 'at-tracker',
      token_type: 'Bearer',
      refresh_token: 'rt-tracker',
      expires_in: 3600,
    });
    await beginFlow(docs, 'verifier-docs-0123456789012345678901234567890123', 'state-docs');
    await beginFlow(tracker, 'verifier-tracker-01234567890123456789012345678901', 'state-tracker');

    // A reload: a new store over the same database, new providers.
    const again = indexedDBOAuthStore({ name });
    const docsAgain = new McpOAuthProvider(DOCS, again, settings);
    const trackerAgain = new McpOAuthProvider(TRACKER, again, settings);
    expect(await docsAgain.tokens()).toMatchObject({ access_token: 'at-docs', refresh_token: 'rt-docs' });
    expect(await trackerAgain.tokens()).toMatchObject({
      access_token: 'at-tracker',
      refresh_token: 'rt-tracker',
    });
    expect((await trackerAgain.record()).expiresAt).toBeGreaterThan(Date.now() + 3_000_000);
    expect((await docsAgain.record()).expiresAt).toBeUndefined();
    // Each server's verifier answers only its own state.
    expect(await docsAgain.takeFlow('state-tracker')).toBe(false);
    expect(await docsAgain.takeFlow('state-docs')).toBe(true);
    expect(docsAgain.codeVerifier()).toBe('verifier-docs-0123456789012345678901234567890123');
    expect(await trackerAgain.takeFlow('state-tracker')).toBe(true);
    expect(trackerAgain.codeVerifier()).toBe('verifier-tracker-01234567890123456789012345678901');

    // Signing out of one server deletes its record only.
    await docsAgain.forget();
    const third = indexedDBOAuthStore({ name });
    expect(await third.get(DOCS)).toBeUndefined();
    expect((await third.get(TRACKER))?.tokens).toMatchObject({ access_token: 'at-tracker' });
  });

  it('databases of different names are separate', async () => {
    const a = indexedDBOAuthStore({ name: dbName() });
    const b = indexedDBOAuthStore({ name: dbName() });
    await a.put(DOCS, { tokens: { access_token: 'x', token_type: 'Bearer' } });
    expect(await b.get(DOCS)).toBeUndefined();
    expect((await a.get(DOCS))?.tokens?.access_token).toBe('x');
  });
});
