import type { DBSchema } from 'idb';
import { indexedDBConnection } from '../../indexeddb-connection.js';
import type { OAuthRecord, OAuthStore } from './oauth-store.js';

interface OAuthDB extends DBSchema {
  servers: { key: string; value: OAuthRecord };
}

/**
 * An {@link OAuthStore} in IndexedDB (its own database, default `agent-chat-oauth`): tokens, refresh
 * tokens, the client registration and the PKCE verifiers of a flow in progress, per MCP server, so a
 * sign-in survives reloads and the redirect fallback.
 *
 * @example
 * const hub = new McpHub({ servers: [{ id: 'docs', url, auth: { store: indexedDBOAuthStore() } }] });
 */
export function indexedDBOAuthStore(options: { name?: string } = {}): OAuthStore & { close(): void } {
  const connection = indexedDBConnection<OAuthDB>(options.name ?? 'agent-chat-oauth', 1, (database) => {
    database.createObjectStore('servers');
  });
  const open = connection.get;
  return {
    close: connection.close,
    async get(key) {
      return (await open()).get('servers', key);
    },
    async put(key, record) {
      await (await open()).put('servers', record, key);
    },
    async delete(key) {
      await (await open()).delete('servers', key);
    },
  };
}
