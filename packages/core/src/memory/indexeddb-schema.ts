import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { Message } from '../model/messages.js';
import type { ConversationSummary } from './conversation-store.js';
import type { SummaryMethod } from './summarize.js';

/** Current schema version of the agent-chat database. */
export const SCHEMA_VERSION = 3;

/** A conversation's metadata; `version` grows with every write (versioned writes across tabs). */
export interface ConversationRecord extends ConversationSummary {
  version: number;
}

/** One message of the full track, at position `seq` of its conversation. */
export interface EntryRecord {
  conversationId: string;
  seq: number;
  message: Message;
}

/** The summary of the entry at `seq` (the summarised track). */
export interface SummaryRecord {
  conversationId: string;
  seq: number;
  text: string;
  method: SummaryMethod;
}

/** A conversation's searchable text, made from the conversation at `version` (indexed when searched). */
export interface SearchRecord {
  id: string;
  version: number;
  text: string;
}

/**
 * Version 3 (current): metadata, entries, summaries and search text in separate stores, so appending a
 * turn writes only the new entries, listing conversations reads no messages and searching reads one
 * small record per conversation. Version 2 had no `search` store (it fills itself on the first search).
 */
export interface AgentChatDB extends DBSchema {
  conversations: { key: string; value: ConversationRecord; indexes: { 'by-updated': number } };
  entries: { key: [string, number]; value: EntryRecord };
  summaries: { key: [string, number]; value: SummaryRecord };
  search: { key: string; value: SearchRecord };
}

/** Version 1: one record per conversation holding all its messages (rewritten on every turn). */
export interface AgentChatDBv1 extends DBSchema {
  conversations: {
    key: string;
    value: { id: string; title: string; createdAt: number; updatedAt: number; messages: Message[] };
  };
}

type UpgradeTransaction = IDBPTransaction<AgentChatDB, StoreNames<AgentChatDB>[], 'versionchange'>;

/** The `upgrade` callback: creates the schema, or migrates an older one step by step. */
export function upgradeSchema(
  db: IDBPDatabase<AgentChatDB>,
  oldVersion: number,
  tx: UpgradeTransaction,
): void {
  if (oldVersion < 1) {
    db.createObjectStore('conversations', { keyPath: 'id' });
  }
  if (oldVersion < 2) {
    tx.objectStore('conversations').createIndex('by-updated', 'updatedAt');
    db.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] });
    db.createObjectStore('summaries', { keyPath: ['conversationId', 'seq'] });
    if (oldVersion === 1) void migrateV1toV2(tx);
  }
  if (oldVersion < 3) db.createObjectStore('search', { keyPath: 'id' });
}

/**
 * Moves each v1 conversation's messages into `entries` and leaves its metadata in place. Runs inside
 * the versionchange transaction, so a failure aborts the upgrade and leaves version 1 untouched.
 */
async function migrateV1toV2(tx: UpgradeTransaction): Promise<void> {
  const conversations = tx.objectStore('conversations');
  const entries = tx.objectStore('entries');
  // v1 records carry `messages`; the store is typed by the v2 schema, which has none: cast to the v1 shape.
  const old = (await conversations.getAll()) as unknown as AgentChatDBv1['conversations']['value'][];
  const writes: Promise<unknown>[] = [];
  for (const record of old) {
    const { messages, ...summary } = record;
    for (const [seq, message] of messages.entries())
      writes.push(entries.put({ conversationId: record.id, seq, message }));
    writes.push(conversations.put({ ...summary, messageCount: messages.length, version: 1 }));
  }
  await Promise.all(writes);
}
