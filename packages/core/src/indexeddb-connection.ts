import { type DBSchema, type IDBPDatabase, type OpenDBCallbacks, openDB } from 'idb';

/** One lazily opened IndexedDB connection of a store; see {@link indexedDBConnection}. */
export interface IndexedDBConnection<Schema extends DBSchema | unknown> {
  /** The open database, opening it on first use and again after {@link close} or a step aside. */
  get(): Promise<IDBPDatabase<Schema>>;
  /** Closes the connection now; the next {@link get} opens it again. */
  close(): void;
}

/**
 * The connection every IndexedDB store of ours holds: opened on first use, and closed the moment another
 * connection (a tab with a newer schema, a `deleteDatabase`) waits for it — so a deletion or upgrade
 * elsewhere is never blocked by us — then reopened on demand. A failed open is not cached.
 */
export function indexedDBConnection<Schema extends DBSchema | unknown>(
  name: string,
  version: number,
  upgrade: OpenDBCallbacks<Schema>['upgrade'],
): IndexedDBConnection<Schema> {
  let db: Promise<IDBPDatabase<Schema>> | undefined;
  const close = () => {
    const current = db;
    db = undefined;
    void current?.then(
      (open) => open.close(),
      () => undefined,
    );
  };
  return {
    get() {
      db ??= openDB<Schema>(name, version, {
        upgrade,
        // Closed synchronously, inside the event: the waiting deletion or upgrade then never sees `blocked`.
        blocking: (_current, _wanted, event) => {
          db = undefined;
          (event.target as IDBDatabase).close();
        },
        terminated: () => {
          db = undefined;
        },
      }).catch((error: unknown) => {
        db = undefined;
        throw error;
      });
      return db;
    },
    close,
  };
}
