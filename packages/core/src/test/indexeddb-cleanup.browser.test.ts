import { describe, expect, it } from 'vitest';
import { indexedDBCheckpointStore } from '../agent/indexeddb-checkpoint-store.js';
import { indexedDBOAuthStore } from '../mcp/auth/indexeddb-oauth-store.js';
import { indexedDBStore } from '../memory/indexeddb-store.js';
import { indexedDBRagStore } from '../rag/indexeddb-rag-store.js';
import { indexedDBThreadStore } from '../remote/remote-thread-store.js';
import { deleteDatabase, IndexedDBBlockedError, openConnections } from './indexeddb-cleanup.js';

/** A connection that ignores versionchange: what a forgotten connection in a test or a store looks like. */
function openAndForget(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

describe('IndexedDB cleanup (real IndexedDB in Chromium)', () => {
  it('fails at once, naming where the connection still open was opened, instead of hanging', async () => {
    const name = `forgotten-${crypto.randomUUID()}`;
    const forgotten = await openAndForget(name);
    const error = await deleteDatabase(name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IndexedDBBlockedError);
    expect((error as IndexedDBBlockedError).code).toBe('indexeddb_blocked');
    expect((error as Error).message).toContain(`"${name}"`);
    expect((error as Error).message).toMatch(/opened at .*indexeddb-cleanup\.browser\.test\.ts:\d+/);
    forgotten.close();
    expect(openConnections(name)).toEqual([]);
    await deleteDatabase(name);
  });

  it("every store's connection steps aside for a deletion, and reopens on its next call", async () => {
    const stores = [
      {
        name: `oauth-${crypto.randomUUID()}`,
        open: (name: string) => indexedDBOAuthStore({ name }).get('x'),
      },
      { name: `memory-${crypto.randomUUID()}`, open: (name: string) => indexedDBStore({ name }).list() },
      {
        name: `checkpoints-${crypto.randomUUID()}`,
        open: (name: string) => indexedDBCheckpointStore({ name }).list(),
      },
      {
        name: `rag-${crypto.randomUUID()}`,
        open: (name: string) => indexedDBRagStore({ databaseName: name }).documents(),
      },
      { name: `remote-${crypto.randomUUID()}`, open: (name: string) => indexedDBThreadStore(name).get('x') },
    ];
    for (const { name, open } of stores) {
      await open(name);
      expect(openConnections(name)).toHaveLength(1);
      await deleteDatabase(name);
      expect(openConnections(name), name).toEqual([]);
      await open(name);
      await deleteDatabase(name);
    }
  });

  it("a store's close() closes its connection", async () => {
    const name = `closed-${crypto.randomUUID()}`;
    const store = indexedDBOAuthStore({ name });
    await store.put('k', { tokens: { access_token: 'a', token_type: 'Bearer' } });
    expect(openConnections(name)).toHaveLength(1);
    store.close();
    await expect.poll(() => openConnections(name)).toEqual([]);
    await deleteDatabase(name);
  });
});
