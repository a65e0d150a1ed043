import type { DBSchema } from 'idb';
import { indexedDBConnection } from '../../indexeddb-connection.js';
import type { KnowledgeFileCache } from './knowledge-index-files.js';

/** v1: `files`, the verified (inflated) bytes of fetched index files, keyed by root URL, path and checksum. */
interface KnowledgeCacheDB extends DBSchema {
  files: { key: string; value: { key: string; bytes: Uint8Array; storedAt: number } };
}

/** Files kept at most; the oldest go first past it (a few MB for a large site). */
const MAX_FILES = 400;

/**
 * Keeps the index files a visitor fetched in IndexedDB, so a return visit (or an offline one) reads
 * them without the network. A file from an older build has another checksum, so it is never served.
 */
export function indexedDBKnowledgeCache(options: { databaseName?: string } = {}): KnowledgeFileCache {
  const connection = indexedDBConnection<KnowledgeCacheDB>(
    options.databaseName ?? 'agent-chat-knowledge-files',
    1,
    (database) => {
      database.createObjectStore('files', { keyPath: 'key' });
    },
  );
  return {
    async get(key) {
      return (await (await connection.get()).get('files', key))?.bytes;
    },
    async put(key, bytes) {
      const db = await connection.get();
      await db.put('files', { key, bytes, storedAt: Date.now() });
      const count = await db.count('files');
      if (count <= MAX_FILES) return;
      const all = await db.getAll('files');
      all.sort((a, b) => a.storedAt - b.storedAt);
      const tx = db.transaction('files', 'readwrite');
      await Promise.all([...all.slice(0, count - MAX_FILES).map((f) => tx.store.delete(f.key)), tx.done]);
    },
  };
}
