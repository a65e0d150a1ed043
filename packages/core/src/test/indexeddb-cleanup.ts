// Test cleanup for IndexedDB that fails fast: a database deleted while a connection to it is still open is
// blocked until that connection closes, so one forgotten connection used to hang an afterEach for 30 s.

/** Where each open connection was opened (database name → the opening call sites), once tracking is on. */
const open = new Map<string, Set<{ openedAt: string }>>();
let tracking = false;

/** A deletion that an open connection blocks; the message names where each open connection was opened. */
export class IndexedDBBlockedError extends Error {
  override name = 'IndexedDBBlockedError';
  readonly code = 'indexeddb_blocked';
  constructor(
    readonly database: string,
    readonly openedAt: string[],
  ) {
    super(
      `IndexedDB database "${database}" cannot be deleted: ${
        openedAt.length > 0
          ? `${openedAt.length} connection(s) to it are still open, opened at ${openedAt.join('; ')}`
          : 'a connection to it is still open (call trackIndexedDBConnections() first to see where it was opened)'
      }. Close it (the store's close()) or close it on versionchange.`,
    );
  }
}

/** Where the code that opened a connection is: its first frame outside this file and node_modules, and the test's. */
function caller(): string {
  const frames = (new Error().stack ?? '')
    .split('\n')
    .slice(1)
    .filter((line) => /\d+:\d+\)?$/.test(line) && !/indexeddb-cleanup\.[jt]s[?:]|node_modules/.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/^at\s+/, '')
        .replace(/https?:\/\/[^/]+\//, '')
        .replace(/\?[^:)]*/, ''),
    );
  const first = frames[0] ?? 'an unknown place';
  const test = frames.find((frame) => /\.test\.ts/.test(frame));
  return test && test !== first ? `${first} (from ${test})` : first;
}

/**
 * Records every IndexedDB connection opened from now on, with where it was opened, until it closes (by a
 * close() call or because the browser ended it), so {@link deleteDatabase} can name what blocks it. Install
 * it once, in a browser test project's setup file.
 */
export function trackIndexedDBConnections(): void {
  if (tracking || typeof IDBFactory === 'undefined') return;
  tracking = true;
  const openDatabase = IDBFactory.prototype.open;
  const closeDatabase = IDBDatabase.prototype.close;
  const connections = new WeakMap<IDBDatabase, { name: string; entry: { openedAt: string } }>();
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    const request = openDatabase.call(this, name, version);
    const entry = { openedAt: caller() };
    request.addEventListener('success', () => {
      const connection = request.result;
      connections.set(connection, { name, entry });
      const entries = open.get(name) ?? new Set();
      entries.add(entry);
      open.set(name, entries);
      connection.addEventListener('close', () => open.get(name)?.delete(entry));
    });
    return request;
  };
  IDBDatabase.prototype.close = function (this: IDBDatabase) {
    const known = connections.get(this);
    if (known) open.get(known.name)?.delete(known.entry);
    return closeDatabase.call(this);
  };
}

/**
 * Deletes a database, or fails at once with an {@link IndexedDBBlockedError} naming the connections still
 * open to it, instead of waiting for them. Connections that close on `versionchange` (all of ours do) never
 * block; one already closing (its close() called, a transaction still finishing) is waited for, as the
 * browser does. Without tracking, a blocked deletion fails after `untrackedGraceMs`.
 */
export function deleteDatabase(name: string, options: { untrackedGraceMs?: number } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => {
      clearTimeout(timer);
      resolve();
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(request.error);
    };
    request.onblocked = () => {
      const open = openConnections(name);
      if (open.length > 0) reject(new IndexedDBBlockedError(name, open));
      else if (!tracking)
        timer = setTimeout(
          () => reject(new IndexedDBBlockedError(name, [])),
          options.untrackedGraceMs ?? 2_000,
        );
    };
  });
}

/** Where the connections still open to `name` were opened (empty when tracking is off). */
export function openConnections(name: string): string[] {
  return [...(open.get(name) ?? [])].map((entry) => entry.openedAt);
}
