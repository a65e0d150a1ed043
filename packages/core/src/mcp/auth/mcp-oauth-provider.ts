import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthRecord, OAuthStore } from './oauth-store.js';

/** What a provider needs to know about this app as an OAuth client. */
export interface OAuthClientSettings {
  /** Where the authorization server sends the browser back (a page that calls `completeMcpSignIn()`). */
  redirectUrl: string;
  /** A client id registered with the authorization server beforehand (skips registration). */
  clientId?: string | undefined;
  /** Its secret, for a confidential pre-registered client (rare in a browser). */
  clientSecret?: string | undefined;
  /** HTTPS URL of this app's client ID metadata document, used when the server supports them. */
  clientMetadataUrl?: string | undefined;
  /** Name shown on the consent screen. */
  clientName: string;
  /** Scopes asked for when neither the server's challenge nor its metadata names any. */
  scope?: string | undefined;
  /** Accept the protected-resource metadata's `resource` as it is (servers behind your own proxy). */
  trustResourceMetadata?: boolean | undefined;
}

/** Flows begun and not finished are forgotten after this long. */
const FLOW_TTL_MS = 30 * 60_000;

/**
 * The MCP SDK's `OAuthClientProvider` for one server, kept in an {@link OAuthStore}: tokens (with their
 * expiry), the client registration, discovery results and the PKCE verifier of each flow in progress,
 * keyed by its `state`. The authorization URL is not visited here: `redirectToAuthorization` records it,
 * and the hub's sign-in (popup, redirect or headless) visits it when the user agrees.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  readonly #key: string;
  readonly #store: OAuthStore;
  readonly #settings: OAuthClientSettings;
  #record: OAuthRecord | undefined;
  #loading: Promise<OAuthRecord> | undefined;
  #writes: Promise<void> = Promise.resolve();
  /** Verifiers saved by the SDK, matched to their authorization URL by its code challenge. */
  #verifiers: string[] = [];
  /** The verifier of the flow being finished (the SDK asks for it during the code exchange). */
  #finishing: string | undefined;
  /** The last authorization URL the SDK wanted visited. */
  pendingAuthorization: URL | undefined;
  /** Set only with `trustResourceMetadata` (the SDK checks whether it exists). */
  validateResourceURL?: (serverUrl: string | URL, resource?: string) => Promise<URL | undefined>;

  constructor(key: string, store: OAuthStore, settings: OAuthClientSettings) {
    this.#key = key;
    this.#store = store;
    this.#settings = settings;
    // Through the proxy the metadata names the server behind it, whose token the proxy forwards; the
    // SDK would refuse that resource for not being the proxy's URL.
    if (settings.trustResourceMetadata)
      this.validateResourceURL = async (_serverUrl, resource) => (resource ? new URL(resource) : undefined);
  }

  get redirectUrl(): string {
    return this.#settings.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.#settings.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { clientName, redirectUrl, clientSecret, scope } = this.#settings;
    return {
      client_name: clientName,
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: clientSecret ? 'client_secret_basic' : 'none',
      ...(scope ? { scope } : {}),
    };
  }

  state(): string {
    return [...crypto.getRandomValues(new Uint8Array(16))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
  }

  /**
   * The client registered with the authorization server `context.issuer` names: a registration stamped
   * with another issuer is not offered there (SEP-2352: after the server moves to another
   * authorization server, the client registers anew).
   */
  async clientInformation(
    context?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const record = await this.#load();
    if (record.clientInformation && sameIssuer(record.clientInformation.issuer, context))
      return record.clientInformation;
    const { clientId, clientSecret } = this.#settings;
    return clientId
      ? { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) }
      : undefined;
  }

  async saveClientInformation(clientInformation: StoredOAuthClientInformation): Promise<void> {
    await this.#update((record) => {
      record.clientInformation = clientInformation;
    });
  }

  /** The tokens, unless asked for another authorization server than the one that issued them. */
  async tokens(context?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const { tokens } = await this.#load();
    return tokens && sameIssuer(tokens.issuer, context) ? tokens : undefined;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.#update((record) => {
      record.tokens = tokens;
      if (tokens.expires_in !== undefined) record.expiresAt = Date.now() + tokens.expires_in * 1000;
      else delete record.expiresAt;
    });
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#verifiers = [...this.#verifiers.slice(-4), codeVerifier];
  }

  codeVerifier(): string {
    if (!this.#finishing) throw new Error('no sign-in is being finished');
    return this.#finishing;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const url = new URL(authorizationUrl);
    const record = await this.#load();
    // Ask for a refresh token when the authorization server says it grants them this way.
    const supported = record.discovery?.authorizationServerMetadata?.scopes_supported ?? [];
    const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
    if (supported.includes('offline_access') && !scopes.includes('offline_access')) {
      url.searchParams.set('scope', [...scopes, 'offline_access'].join(' '));
      if (!url.searchParams.has('prompt')) url.searchParams.set('prompt', 'consent');
    }
    const challenge = url.searchParams.get('code_challenge');
    let codeVerifier: string | undefined;
    for (const candidate of this.#verifiers)
      if ((await pkceChallenge(candidate)) === challenge) codeVerifier = candidate;
    const state = url.searchParams.get('state');
    if (!codeVerifier || !state)
      throw new Error('the authorization URL has no PKCE challenge or state of ours');
    this.#verifiers = this.#verifiers.filter((v) => v !== codeVerifier);
    await this.#update((r) => {
      const now = Date.now();
      const flows = Object.entries(r.flows ?? {}).filter(([, flow]) => now - flow.startedAt < FLOW_TTL_MS);
      r.flows = Object.fromEntries([...flows, [state, { codeVerifier, startedAt: now }]]);
    });
    this.pendingAuthorization = url;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.#update((record) => {
      record.discovery = state;
    });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.#load()).discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    await this.#update((record) => {
      if (scope === 'all' || scope === 'client') delete record.clientInformation;
      if (scope === 'all' || scope === 'tokens') {
        delete record.tokens;
        delete record.expiresAt;
      }
      if (scope === 'all' || scope === 'verifier') delete record.flows;
      if (scope === 'all' || scope === 'discovery') delete record.discovery;
    });
  }

  /**
   * Takes the flow a redirect answers (by its `state`) out of the store and makes its verifier the one
   * the SDK's code exchange reads. Undefined when no flow of ours has that state.
   */
  async takeFlow(state: string): Promise<boolean> {
    const flow = (await this.#load()).flows?.[state];
    if (!flow || Date.now() - flow.startedAt >= FLOW_TTL_MS) return false;
    await this.#update((record) => {
      delete record.flows?.[state];
    });
    this.#finishing = flow.codeVerifier;
    return true;
  }

  /**
   * This provider as the SDK's `auth()` should see it to begin a new flow while signed in (a step-up or
   * a fresh sign-in): without tokens, so it does not refresh the old grant instead, yet the stored tokens
   * stay in use until the new ones are saved, and survive a cancelled flow.
   */
  withoutTokens(): OAuthClientProvider {
    return new Proxy(this, {
      get(target, property) {
        if (property === 'tokens') return async () => undefined;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** The stored record (tokens, expiry, discovery), read-only. */
  async record(): Promise<Readonly<OAuthRecord>> {
    return this.#load();
  }

  /** Forgets everything about this server's sign-in (sign-out). */
  async forget(): Promise<void> {
    this.#record = {};
    this.#verifiers = [];
    this.pendingAuthorization = undefined;
    await this.#write(() => this.#store.delete(this.#key));
  }

  #load(): Promise<OAuthRecord> {
    if (this.#record) return Promise.resolve(this.#record);
    this.#loading ??= this.#store.get(this.#key).then((record) => {
      this.#record ??= record ?? {};
      return this.#record;
    });
    return this.#loading;
  }

  async #update(change: (record: OAuthRecord) => void): Promise<void> {
    const record = await this.#load();
    change(record);
    const snapshot = structuredClone(record);
    await this.#write(() => this.#store.put(this.#key, snapshot));
  }

  /** Writes one after another, so an older snapshot never lands after a newer one. */
  #write(operation: () => Promise<void>): Promise<void> {
    const next = this.#writes.then(operation, operation);
    this.#writes = next.catch(() => undefined);
    return next;
  }
}

/** The S256 PKCE challenge of a verifier (base64url of its SHA-256). */
async function pkceChallenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Whether credentials stamped with `issuer` belong to the authorization server `context` names. */
function sameIssuer(issuer: string | undefined, context: OAuthClientInformationContext | undefined): boolean {
  return issuer === undefined || context === undefined || issuer === context.issuer;
}
