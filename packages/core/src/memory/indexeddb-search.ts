// Loaded with import() by indexedDBStore's search(): pages that never search do not download it.
import type { IDBPDatabase } from 'idb';
import type { Message } from '../model/messages.js';
import type { ConversationSummary } from './conversation-store.js';
import type { AgentChatDB, ConversationRecord, SearchRecord } from './indexeddb-schema.js';

/** Text kept per conversation for search: its first this many characters. */
const MAX_SEARCH_TEXT = 100_000;

const range = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

/** The searchable text of messages: what the user wrote and the answers, lower-cased; no tool traffic. */
export function searchText(messages: readonly Message[]): string {
  return messages
    .filter((m) => m.role === 'user' || (m.role === 'assistant' && m.content))
    .map((m) => m.content.toLowerCase())
    .join('\n')
    .slice(0, MAX_SEARCH_TEXT);
}

/**
 * The conversations whose title or messages contain every word of `query`, newest first. Each
 * conversation's text is kept in the `search` store with the conversation version it was made from; a
 * conversation written since (or never indexed, e.g. after the v2 → v3 upgrade) is indexed again here,
 * so appending a turn pays nothing for search.
 */
export async function searchIndexedDB(
  d: IDBPDatabase<AgentChatDB>,
  query: string,
): Promise<ConversationSummary[]> {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const read = d.transaction(['conversations', 'search']);
  const [records, texts] = await Promise.all([
    read.objectStore('conversations').index('by-updated').getAll(),
    terms.length ? read.objectStore('search').getAll() : [],
  ]);
  records.reverse();
  const indexed = new Map(texts.map((r) => [r.id, r]));
  const stale = terms.length ? records.filter((r) => indexed.get(r.id)?.version !== r.version) : [];
  if (stale.length) for (const record of await reindex(d, stale)) indexed.set(record.id, record);
  return records
    .filter((r) =>
      terms.every((t) => r.title.toLowerCase().includes(t) || indexed.get(r.id)?.text.includes(t)),
    )
    .map(({ version: _, ...summary }) => summary);
}

/** Makes and keeps the search text of `conversations` from their entries. */
async function reindex(
  d: IDBPDatabase<AgentChatDB>,
  conversations: readonly ConversationRecord[],
): Promise<SearchRecord[]> {
  const entries = d.transaction('entries').store;
  const fresh = await Promise.all(
    conversations.map(async ({ id, version }) => ({
      id,
      version,
      text: searchText((await entries.getAll(range(id))).map((e) => e.message)),
    })),
  );
  const write = d.transaction('search', 'readwrite');
  await Promise.all([...fresh.map((r) => write.store.put(r)), write.done]);
  return fresh;
}
