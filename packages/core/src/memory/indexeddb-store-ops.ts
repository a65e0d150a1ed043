// The conversation store's operations on the open database, each in one transaction.
import type { IDBPDatabase } from 'idb';
import { ConfigurationError } from '../errors.js';
import type { Message } from '../model/messages.js';
import { type ConversationExport, type TurnSummary, titleFrom } from './conversation-store.js';
import type { AgentChatDB } from './indexeddb-schema.js';
import { atomically, writeBatch } from './indexeddb-transaction.js';

type Database = IDBPDatabase<AgentChatDB>;

/** All keys of one conversation in the entries and summaries stores. */
export const range = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

/** Appends turns (messages and their summaries) after what is stored, and updates the record. */
export async function writeTurns(
  d: Database,
  id: string,
  turns: { messages: Message[]; summaries: TurnSummary[] }[],
): Promise<void> {
  const tx = d.transaction(['conversations', 'entries', 'summaries'], 'readwrite');
  await atomically(tx, async () => {
    const conversations = tx.objectStore('conversations');
    const record = await conversations.get(id);
    const now = Date.now();
    let seq = record?.messageCount ?? 0;
    const writes = writeBatch();
    for (const turn of turns) {
      for (const { index, text, method } of turn.summaries)
        writes.add(tx.objectStore('summaries').put({ conversationId: id, seq: seq + index, text, method }));
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
}

export async function renameConversation(d: Database, id: string, title: string): Promise<void> {
  const tx = d.transaction('conversations', 'readwrite');
  const record = await tx.store.get(id);
  if (!record) throw new ConfigurationError(`rename: no conversation with id "${id}".`);
  await Promise.all([
    tx.store.put({ ...record, title: title.trim() || record.title, version: record.version + 1 }),
    tx.done,
  ]);
}

export async function deleteConversation(d: Database, id: string): Promise<void> {
  const tx = d.transaction(['conversations', 'entries', 'summaries'], 'readwrite');
  await Promise.all([
    tx.objectStore('conversations').delete(id),
    tx.objectStore('entries').delete(range(id)),
    tx.objectStore('summaries').delete(range(id)),
    tx.done,
  ]);
}

export async function exportConversation(d: Database, id: string): Promise<ConversationExport> {
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
}

/** Replaces conversation `id` with the exported one's messages and summaries. */
export async function importConversation(d: Database, data: ConversationExport, id: string): Promise<void> {
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
}
