import { auth } from '@modelcontextprotocol/client';
import { ConfigurationError } from '../../errors.js';
import { describeCause } from '../mcp-errors.js';
import { indexedDBOAuthStore } from './indexeddb-oauth-store.js';
import { McpAuthError } from './mcp-auth-error.js';
import { McpOAuthProvider } from './mcp-oauth-provider.js';
import { memoryOAuthStore, type OAuthStore } from './oauth-store.js';
import { popupSignIn } from './popup-sign-in.js';
import { revokeTokens } from './revoke-tokens.js';
import type { SignIn } from './sign-in.js';

/**
 * Sign-in settings of an MCP server that needs the user's account (OAuth 2.1 as the MCP
 * authorization spec describes: discovery, client ID metadata document or dynamic registration,
 * PKCE, `resource`, scope step-up). Every field is optional in a page.
 */
export interface McpServerAuth {
  /**
   * Where the authorization server sends the browser back; that page calls `completeMcpSignIn()`.
   * Default: this page's URL without query and hash.
   */
  redirectUrl?: string | URL;
  /** A client id registered beforehand (skips registration). */
  clientId?: string;
  /** The pre-registered client's secret (only for confidential clients; avoid in a public page). */
  clientSecret?: string;
  /** HTTPS URL of this app's client ID metadata document, used when the authorization server supports them. */
  clientMetadataUrl?: string;
  /** Name shown on the consent screen; default `agent-chat`. */
  clientName?: string;
  /** Scopes asked for when neither the server's challenge nor its metadata names any. */
  scope?: string;
  /**
   * The server is reached through your agent-chat proxy (`"auth": "user"` in its MCP_SERVERS): accept
   * the `resource` its metadata names (the server behind the proxy) instead of requiring the proxy's
   * URL. Only for a proxy you run.
   */
  viaProxy?: boolean;
  /** Where tokens live; default {@link indexedDBOAuthStore} where IndexedDB exists, else memory. */
  store?: OAuthStore;
  /** How the user signs in; default {@link popupSignIn} (popup, redirect when popups are blocked). */
  signIn?: SignIn;
  /** Sign-ins one request may go through (first sign-in plus scope step-ups); default 3. */
  maxSignIns?: number;
  /** Access tokens that expire sooner than this are refreshed before a request; default 60 000 ms. */
  refreshMarginMs?: number;
}

/** A connected account as {@link McpHub.accounts} lists it. */
export interface McpAccount {
  serverId: string;
  signedIn: boolean;
  /** Scopes the token was granted (as the token response said), or asked for while signing in. */
  scopes: string[];
  /** When the access token expires (ms since the epoch), if the server said. */
  expiresAt?: number;
}

/** The sign-in of one MCP server: its provider, how the user signs in, refresh and sign-out. */
export class ServerAuth {
  readonly serverId: string;
  readonly serverUrl: string;
  readonly provider: McpOAuthProvider;
  readonly signIn: SignIn;
  readonly maxSignIns: number;
  readonly #fetch: typeof fetch;
  readonly #refreshMarginMs: number;
  #refreshing: Promise<boolean> | undefined;

  constructor(serverId: string, serverUrl: string, settings: McpServerAuth, fetchFn: typeof fetch) {
    this.serverId = serverId;
    this.serverUrl = serverUrl;
    const redirectUrl = String(settings.redirectUrl ?? defaultRedirectUrl(serverId));
    const store =
      settings.store ?? (typeof indexedDB === 'undefined' ? memoryOAuthStore() : indexedDBOAuthStore());
    this.provider = new McpOAuthProvider(serverUrl, store, {
      redirectUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      clientMetadataUrl: settings.clientMetadataUrl,
      clientName: settings.clientName ?? 'agent-chat',
      scope: settings.scope,
      trustResourceMetadata: settings.viaProxy,
    });
    this.signIn = settings.signIn ?? popupSignIn({ redirectUrl });
    this.maxSignIns = settings.maxSignIns ?? 3;
    this.#refreshMarginMs = settings.refreshMarginMs ?? 60_000;
    this.#fetch = fetchFn;
  }

  /** The fetch the SDK's auth uses (discovery, registration, token requests). */
  get fetch(): typeof fetch {
    return this.#fetch;
  }

  /** Scopes the pending sign-in asks for. */
  get requestedScopes(): string[] {
    return (this.provider.pendingAuthorization?.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
  }

  /**
   * Refreshes an access token that expires within the margin (one refresh at a time). False when the
   * refresh did not give a token and the user must sign in again.
   */
  async refreshIfDue(): Promise<boolean> {
    const record = await this.provider.record();
    if (!record.tokens?.refresh_token || record.expiresAt === undefined) return true;
    if (record.expiresAt - Date.now() > this.#refreshMarginMs) return true;
    this.#refreshing ??= auth(this.provider, { serverUrl: this.serverUrl, fetchFn: this.#fetch })
      .then((result) => result === 'AUTHORIZED')
      // A network failure: go on with the token we have; a 401 will say whether it still works.
      .catch(() => true)
      .finally(() => {
        this.#refreshing = undefined;
      });
    return this.#refreshing;
  }

  /**
   * Forgets where the server said to sign in (its protected-resource and authorization-server
   * metadata) and the flow begun from it: a token the server accepted before is refused now, perhaps
   * because it moved to another authorization server (SEP-2352), so the next sign-in discovers anew.
   */
  async rediscover(): Promise<void> {
    this.provider.pendingAuthorization = undefined;
    await this.provider.invalidateCredentials('discovery');
  }

  /** The URL the user must visit: the one pending, or a new flow begun now. */
  async authorizationUrl(): Promise<URL> {
    if (this.provider.pendingAuthorization) return this.provider.pendingAuthorization;
    try {
      // The stored tokens stay until the new ones arrive: a cancelled step-up leaves the user signed in.
      const result = await auth(this.provider.withoutTokens(), {
        serverUrl: this.serverUrl,
        fetchFn: this.#fetch,
      });
      if (result === 'REDIRECT' && this.provider.pendingAuthorization)
        return this.provider.pendingAuthorization;
    } catch (error) {
      throw new McpAuthError(this.serverId, 'server_error', describeCause(error), error);
    }
    throw new McpAuthError(this.serverId, 'server_error', 'no authorization URL came out of discovery');
  }

  /**
   * Finishes a sign-in from the redirect it came back to: checks `state` against the flows we began,
   * exchanges the code (PKCE verifier, `resource`) and stores the tokens. Nothing is stored on failure.
   */
  async finish(callback: URL): Promise<void> {
    const params = callback.searchParams;
    const error = params.get('error');
    const description = params.get('error_description') ?? undefined;
    const state = params.get('state');
    if (error) {
      if (state) await this.provider.takeFlow(state);
      this.provider.pendingAuthorization = undefined;
      throw new McpAuthError(
        this.serverId,
        error === 'access_denied' ? 'denied' : 'server_error',
        `the authorization server answered ${error}${description ? ` (${description})` : ''}`,
      );
    }
    if (!state || !(await this.provider.takeFlow(state)))
      throw new McpAuthError(this.serverId, 'state_mismatch', 'the redirect carried an unknown state');
    this.provider.pendingAuthorization = undefined;
    const code = params.get('code');
    if (!code)
      throw new McpAuthError(this.serverId, 'server_error', 'the redirect carried no authorization code');
    let result: string;
    try {
      result = await auth(this.provider, {
        serverUrl: this.serverUrl,
        authorizationCode: code,
        // RFC 9207: the issuer the redirect names is checked against the one the flow began with.
        ...(params.has('iss') ? { iss: params.get('iss')! } : {}),
        fetchFn: this.#fetch,
      });
    } catch (cause) {
      throw new McpAuthError(
        this.serverId,
        'server_error',
        `the token request failed: ${describeCause(cause)}`,
        cause,
      );
    }
    if (result !== 'AUTHORIZED')
      throw new McpAuthError(this.serverId, 'server_error', 'the code exchange gave no token');
  }

  /** Revokes the tokens where the authorization server supports it, then forgets them. */
  async signOut(): Promise<void> {
    const record = await this.provider.record();
    // OpenID metadata types do not name it, but both kinds of metadata may carry it (RFC 8414 §2).
    const metadata = record.discovery?.authorizationServerMetadata as
      | { revocation_endpoint?: string }
      | undefined;
    const client = record.clientInformation ?? (await this.provider.clientInformation());
    try {
      if (record.tokens && metadata?.revocation_endpoint && client)
        await revokeTokens(metadata.revocation_endpoint, record.tokens, client, this.#fetch);
    } finally {
      await this.provider.forget();
    }
  }

  async account(): Promise<McpAccount> {
    const record = await this.provider.record();
    const granted = record.tokens?.scope?.split(' ').filter(Boolean);
    return {
      serverId: this.serverId,
      signedIn: Boolean(record.tokens),
      scopes: granted ?? this.requestedScopes,
      ...(record.expiresAt !== undefined ? { expiresAt: record.expiresAt } : {}),
    };
  }
}

function defaultRedirectUrl(serverId: string): string {
  if (typeof location === 'undefined' || !/^https?:$/.test(location.protocol))
    throw new ConfigurationError(
      `McpHub: server "${serverId}" needs auth.redirectUrl (the page that calls completeMcpSignIn()) outside a web page.`,
    );
  return `${location.origin}${location.pathname}`;
}
