import type { RemoteProtocol } from './remote-errors.js';

/**
 * What a protocol needs to resend a conversation, kept beside the conversation store's messages: per turn
 * the protocol's own messages (AI SDK `UIMessage`s, AG-UI messages), and AG-UI's shared state.
 */
export interface RemoteThread {
  protocol: RemoteProtocol;
  /** One entry per finished turn, in order; a turn dropped from the conversation (regenerate, edit) goes too. */
  turns: Array<{ messages: unknown[] }>;
  state?: unknown;
  /**
   * The backend (`url` of the remote agent) the thread is with. Threads are kept per backend; the first
   * backend of a conversation is also recorded under the bare conversation id (a thread without turns).
   */
  agentUrl?: string;
}

/** Where remote threads are kept, by key (see {@link threadFor}: per backend and conversation). */
export interface RemoteThreadStore {
  get(conversationId: string): Promise<RemoteThread | undefined>;
  set(conversationId: string, thread: RemoteThread): Promise<void>;
}

/** Threads in memory (tests, Node, or a page without IndexedDB). */
export function memoryThreadStore(): RemoteThreadStore {
  const threads = new Map<string, RemoteThread>();
  return {
    get: async (id) => structuredClone(threads.get(id)),
    set: async (id, thread) => void threads.set(id, structuredClone(thread)),
  };
}

/**
 * Threads in the browser's IndexedDB (database `name`, store `threads`), so a reload keeps them. The
 * connection steps aside (closes, reopens on demand) when a deletion or upgrade elsewhere waits for it.
 */
export function indexedDBThreadStore(name = 'agent-chat-remote'): RemoteThreadStore & { close(): void } {
  let db: Promise<IDBDatabase> | undefined;
  const close = () => {
    const current = db;
    db = undefined;
    void current?.then(
      (open) => open.close(),
      () => undefined,
    );
  };
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('threads');
      request.onsuccess = () => {
        const connection = request.result;
        connection.onversionchange = () => {
          db = undefined;
          connection.close();
        };
        resolve(connection);
      };
      request.onerror = () => {
        db = undefined;
        reject(request.error);
      };
    });
    return db;
  };
  const call = async <T>(
    mode: IDBTransactionMode,
    run: (store: IDBObjectStore) => IDBRequest,
  ): Promise<T> => {
    const store = (await open()).transaction('threads', mode).objectStore('threads');
    return new Promise<T>((resolve, reject) => {
      const request = run(store);
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  };
  return {
    close,
    get: (id) => call<RemoteThread | undefined>('readonly', (store) => store.get(id)),
    set: async (id, thread) => void (await call('readwrite', (store) => store.put(thread, id))),
  };
}

/** IndexedDB where the runtime has it, memory otherwise. */
export function defaultThreadStore(): RemoteThreadStore {
  return typeof indexedDB === 'undefined' ? memoryThreadStore() : indexedDBThreadStore();
}

/**
 * A conversation's thread with the backend at `agentUrl`. `foreign` when the conversation began with
 * another backend: none of it may be sent here (the visitor told that backend, not this one). A thread
 * kept before threads were per backend (under the bare conversation id, without `agentUrl`) is taken as
 * this backend's.
 */
export async function threadFor(
  threads: RemoteThreadStore,
  agentUrl: string,
  conversationId: string,
): Promise<{ thread?: RemoteThread; foreign: boolean }> {
  const own = await threads.get(keyOf(agentUrl, conversationId));
  if (own) return { thread: own, foreign: false };
  const first = await threads.get(conversationId);
  if (!first) return { foreign: false };
  if (first.agentUrl === undefined) return { thread: first, foreign: false };
  return { foreign: first.agentUrl !== agentUrl };
}

/** Keeps the thread with `agentUrl`, and records that backend as the conversation's first when it is. */
export async function keepThread(
  threads: RemoteThreadStore,
  agentUrl: string,
  conversationId: string,
  thread: RemoteThread,
): Promise<void> {
  await threads.set(keyOf(agentUrl, conversationId), { ...thread, agentUrl });
  const first = await threads.get(conversationId);
  if (first?.agentUrl === undefined)
    await threads.set(conversationId, { protocol: thread.protocol, turns: [], agentUrl });
}

// A URL has no spaces (they are escaped in an href), so the key cannot be read two ways.
const keyOf = (agentUrl: string, conversationId: string) => `${agentUrl} ${conversationId}`;
