import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
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
export function indexedDBOAuthStore(options: { name?: string } = {}): OAuthStore {
  let db: Promise<IDBPDatabase<OAuthDB>> | undefined;
  const open = () => {
    db ??= openDB<OAuthDB>(options.name ?? 'agent-chat-oauth', 1, {
      upgrade(database) {
        database.createObjectStore('servers');
      },
    });
    return db;
  };
  return {
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
