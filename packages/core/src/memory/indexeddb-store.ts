import type { IDBPDatabase } from 'idb';
import { ConfigurationError } from '../errors.js';
import { indexedDBConnection } from '../indexeddb-connection.js';
import type { Message } from '../model/messages.js';
import { assertConversationExport } from './conversation-import.js';
import {
  type ConversationExport,
  type ConversationStore,
  type ConversationSummary,
  type StoredSummary,
  type TurnSummary,
  titleFrom,
} from './conversation-store.js';
import { type AgentChatDB, SCHEMA_VERSION, upgradeSchema } from './indexeddb-schema.js';
import { atomically, writeBatch } from './indexeddb-transaction.js';
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

const range = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

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
  const close = connection.close;
  const changes = storeChanges(name);
  const announce = changes.announce;
  // Turns that could not be written (quota): kept here, shown by load() and written with the next append.
  const unsaved = new Map<string, { messages: Message[]; summaries: TurnSummary[] }[]>();

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

  async function writeTurns(id: string, turns: { messages: Message[]; summaries: TurnSummary[] }[]) {
    await run('append', async (d) => {
      const tx = d.transaction(['conversations', 'entries', 'summaries'], 'readwrite');
      await atomically(tx, async () => {
        const conversations = tx.objectStore('conversations');
        const record = await conversations.get(id);
        const now = Date.now();
        let seq = record?.messageCount ?? 0;
        const writes = writeBatch();
        for (const turn of turns) {
          for (const { index, text, method } of turn.summaries)
            writes.add(
              tx.objectStore('summaries').put({ conversationId: id, seq: seq + index, text, method }),
            );
          for (const message of turn.messages)
            writes.add(tx.objectStore('entries').put({ conversationId: id, seq: seq++, message }));
        }
        const first = turns[0]?.messages ?? [];
        writes.add(
          conversations.put({
            ...record,
            id,
            title: record?.title ?? titleFrom(first),
            createdAt: record?.createdAt ?? now,
            updatedAt: now,
            messageCount: seq,
            version: (record?.version ?? 0) + 1,
          }),
        );
        await writes.all();
      });
    });
  }

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
        await writeTurns(id, pending);
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
      await run('rename', async (d) => {
        const tx = d.transaction('conversations', 'readwrite');
        const record = await tx.store.get(id);
        if (!record) throw new ConfigurationError(`rename: no conversation with id "${id}".`);
        await Promise.all([
          tx.store.put({ ...record, title: title.trim() || record.title, version: record.version + 1 }),
          tx.done,
        ]);
      });
      announce({ type: 'renamed', conversationId: id });
    },
    async delete(id) {
      await run('delete', async (d) => {
        const tx = d.transaction(['conversations', 'entries', 'summaries'], 'readwrite');
        await Promise.all([
          tx.objectStore('conversations').delete(id),
          tx.objectStore('entries').delete(range(id)),
          tx.objectStore('summaries').delete(range(id)),
          tx.done,
        ]);
      });
      unsaved.delete(id);
      announce({ type: 'deleted', conversationId: id });
    },
    async export(id) {
      return run('export', async (d) => {
        const tx = d.transaction(['conversations', 'entries', 'summaries']);
        const [record, entries, summaries] = await Promise.all([
          tx.objectStore('conversations').get(id),
          tx.objectStore('entries').getAll(range(id)),
          tx.objectStore('summaries').getAll(range(id)),
        ]);
        if (!record) throw new ConfigurationError(`export: no conversation with id "${id}".`);
        const { version: _, ...conversation } = record;
        return {
          format: 'agent-chat.conversation',
          version: 1,
          conversation,
          messages: entries.map((e) => e.message),
          summaries: summaries.map(({ seq, text, method }) => ({ seq, text, method })),
        } satisfies ConversationExport;
      });
    },
    async import(data, asId) {
      await assertConversationExport(data);
      const id = asId ?? data.conversation.id;
      await run('import', async (d) => {
        const tx = d.transaction(['conversations', 'entries', 'summaries'], 'readwrite');
        await atomically(tx, async () => {
          const entries = tx.objectStore('entries');
          const summaries = tx.objectStore('summaries');
          const previous = await tx.objectStore('conversations').get(id);
          const writes = writeBatch();
          writes.add(entries.delete(range(id)));
          writes.add(summaries.delete(range(id)));
          for (const [seq, message] of data.messages.entries())
            writes.add(entries.put({ conversationId: id, seq, message }));
          for (const { seq, text, method } of data.summaries ?? [])
            writes.add(summaries.put({ conversationId: id, seq, text, method }));
          writes.add(
            tx.objectStore('conversations').put({
              ...data.conversation,
              id,
              messageCount: data.messages.length,
              version: (previous?.version ?? 0) + 1,
            }),
          );
          await writes.all();
        });
      });
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
