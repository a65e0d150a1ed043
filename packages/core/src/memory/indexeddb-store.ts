import type { IDBPDatabase } from 'idb';
import { ConfigurationError } from '../errors.js';
import { indexedDBConnection } from '../indexeddb-connection.js';
import type { Message } from '../model/messages.js';
import { assertConversationExport } from './conversation-import.js';
import type {
  ConversationStore,
  ConversationSummary,
  StoredSummary,
  TurnSummary,
} from './conversation-store.js';
import { type AgentChatDB, SCHEMA_VERSION, upgradeSchema } from './indexeddb-schema.js';
import {
  deleteConversation,
  exportConversation,
  importConversation,
  range,
  renameConversation,
  writeTurns,
} from './indexeddb-store-ops.js';
import { type StoreChange, storeChanges } from './store-changes.js';
import { StoreError, toStoreError } from './store-error.js';

export type { StoreChange } from './store-changes.js';

/** Options of {@link indexedDBStore}. */
export interface IndexedDBStoreOptions {
  /** Database name; one per site or app. Default `agent-chat`. */
  name?: string;
}

/** A {@link ConversationStore} in IndexedDB that also reports changes made in other tabs. */
export interface IndexedDBConversationStore extends ConversationStore {
  loadSummaries(conversationId: string): Promise<StoredSummary[]>;
  search(query: string): Promise<ConversationSummary[]>;
  /** Calls `listener` for every change, from this tab or another; returns the unsubscribe function. */
  onChange(listener: (change: StoreChange) => void): () => void;
  /** Closes the database connection (it reopens on the next call). */
  close(): void;
}

/**
 * Conversations in IndexedDB (via idb): metadata, full-track entries and summaries in separate stores,
 * schema versioned with migrations. Each turn is written in one transaction, so a closed tab or an
 * abort never leaves half a turn; two tabs appending to one conversation are serialised by IndexedDB
 * and each append numbers its entries after what is stored at that moment.
 *
 * @example
 * const agent = createAgent({ model, store: indexedDBStore({ name: 'my-site' }) });
 */
export function indexedDBStore(options: IndexedDBStoreOptions = {}): IndexedDBConversationStore {
  const name = options.name ?? 'agent-chat';
  if (typeof indexedDB === 'undefined')
    throw new ConfigurationError(
      'indexedDBStore: IndexedDB is not available here; use memoryStore() instead.',
    );
  const { run, close } = storeDatabase(name);
  const changes = storeChanges(name);
  const announce = changes.announce;
  // Turns that could not be written (quota): kept here, shown by load() and written with the next append.
  const unsaved = new Map<string, { messages: Message[]; summaries: TurnSummary[] }[]>();

  return {
    async load(id) {
      const stored = await run('load', async (d) =>
        (await d.getAll('entries', range(id))).map((e) => e.message),
      );
      return [...stored, ...(unsaved.get(id) ?? []).flatMap((t) => structuredClone(t.messages))];
    },
    async loadSummaries(id) {
      return run('loadSummaries', async (d) =>
        (await d.getAll('summaries', range(id))).map(({ seq, text, method }) => ({ seq, text, method })),
      );
    },
    async append(id, messages, summaries = []) {
      const pending = [...(unsaved.get(id) ?? []), { messages, summaries }];
      try {
        await run('append', (d) => writeTurns(d, id, pending));
        unsaved.delete(id);
      } catch (error) {
        // Only a full disk is worth retrying with the next turn; other failures would fail again.
        if (error instanceof StoreError && error.reason === 'quota')
          unsaved.set(id, structuredClone(pending));
        throw error;
      }
      announce({ type: 'appended', conversationId: id });
    },
    async list() {
      const records = await run('list', (d) => d.getAllFromIndex('conversations', 'by-updated'));
      return records.reverse().map(({ version: _, ...summary }) => summary);
    },
    search: (query) =>
      run('search', async (d) => (await import('./indexeddb-search.js')).searchIndexedDB(d, query)),
    async rename(id, title) {
      await run('rename', (d) => renameConversation(d, id, title));
      announce({ type: 'renamed', conversationId: id });
    },
    async delete(id) {
      await run('delete', (d) => deleteConversation(d, id));
      unsaved.delete(id);
      announce({ type: 'deleted', conversationId: id });
    },
    async export(id) {
      return run('export', (d) => exportConversation(d, id));
    },
    async import(data, asId) {
      await assertConversationExport(data);
      const id = asId ?? data.conversation.id;
      await run('import', (d) => importConversation(d, data, id));
      announce({ type: 'imported', conversationId: id });
      return id;
    },
    onChange: changes.onChange,
    close() {
      close();
      changes.close();
    },
  };
}

/** The store's database connection, and `run`, which does work on it and reports failures as StoreErrors. */
function storeDatabase(name: string) {
  // Another tab wants a newer schema, or the database is deleted: the connection steps aside and reopens on demand.
  const connection = indexedDBConnection<AgentChatDB>(
    name,
    SCHEMA_VERSION,
    (database, oldVersion, _new, tx) => upgradeSchema(database, oldVersion, tx),
  );
  const database = () =>
    connection.get().catch((error: unknown) => {
      throw toStoreError('indexedDBStore: opening the database', error);
    });
  const run = async <T>(
    operation: string,
    work: (d: IDBPDatabase<AgentChatDB>) => Promise<T>,
  ): Promise<T> => {
    try {
      return await work(await database());
    } catch (error) {
      throw toStoreError(operation, error);
    }
  };
  return { run, close: connection.close };
}
