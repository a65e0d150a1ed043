import type {
  OAuthClientInformationMixed,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';

/** What is kept for one MCP server's sign-in: never more than one account per server. */
export interface OAuthRecord {
  /** Tokens as the SDK saved them (with the `issuer` that issued them); only after a successful flow. */
  tokens?: OAuthTokens;
  /** When the access token expires (ms since the epoch), from `expires_in` at the time it was saved. */
  expiresAt?: number;
  /** The registered (or pre-registered, or metadata-document) client, bound to its `issuer`. */
  clientInformation?: OAuthClientInformationMixed;
  /** PKCE code verifiers of flows begun and not yet finished, by their `state`. */
  flows?: Record<string, { codeVerifier: string; startedAt: number }>;
  /** Discovery results (protected-resource and authorization-server metadata). */
  discovery?: OAuthDiscoveryState;
}

/**
 * Where MCP sign-ins are kept, one record per server (key: the server's MCP URL). The browser default
 * is {@link indexedDBOAuthStore}; {@link memoryOAuthStore} forgets everything with the page.
 */
export interface OAuthStore {
  get(key: string): Promise<OAuthRecord | undefined>;
  put(key: string, record: OAuthRecord): Promise<void>;
  delete(key: string): Promise<void>;
}

/** An {@link OAuthStore} in memory (tests, Node, pages that must not keep sign-ins). */
export function memoryOAuthStore(): OAuthStore {
  const records = new Map<string, OAuthRecord>();
  return {
    async get(key) {
      const record = records.get(key);
      return record ? structuredClone(record) : undefined;
    },
    async put(key, record) {
      records.set(key, structuredClone(record));
    },
    async delete(key) {
      records.delete(key);
    },
  };
}
