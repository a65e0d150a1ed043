import { type ConversationStore, memoryStore } from '@agent-chat/core';

/**
 * The store of an `<agent-chat>` built from attributes when the page sets no `.store`: core's IndexedDB
 * store (database `name`), so conversations survive a reload. It is imported lazily on first use; where
 * IndexedDB is missing or cannot be opened (blocked storage, a broken profile) it falls back to memory,
 * tells `onFallback` why, and the chat keeps working.
 */
export function defaultStore(name: string, onFallback: (error: unknown) => void): ConversationStore {
  let store: Promise<ConversationStore> | undefined;
  const ready = () => {
    store ??= openIndexedDB(name).catch((error: unknown) => {
      onFallback(error);
      return memoryStore();
    });
    return store;
  };
  return {
    load: async (id) => (await ready()).load(id),
    append: async (id, messages, summaries) => (await ready()).append(id, messages, summaries),
    loadSummaries: async (id) => {
      const current = await ready();
      return current.loadSummaries ? current.loadSummaries(id) : [];
    },
    list: async () => (await ready()).list(),
    rename: async (id, title) => (await ready()).rename(id, title),
    delete: async (id) => (await ready()).delete(id),
    export: async (id) => (await ready()).export(id),
    import: async (data, asId) => (await ready()).import(data, asId),
  };
}

async function openIndexedDB(name: string): Promise<ConversationStore> {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available in this browser.');
  const { indexedDBStore } = await import('./indexeddb-chunk.js');
  const store = indexedDBStore({ name });
  // Opens the database now, so a store that cannot open falls back before anything is written to it.
  await store.list();
  return store;
}

/** The database of an element: one per site, and one per element `id` when the page has several chats. */
export function databaseName(element: HTMLElement): string {
  return element.id ? `agent-chat:${element.id}` : 'agent-chat';
}
