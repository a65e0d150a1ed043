// Loaded with import() by indexedDBStore's search(): pages that never search do not download it.
import type { IDBPDatabase } from 'idb';
import type { Message } from '../model/messages.js';
import type { ConversationSummary } from './conversation-store.js';
import type { AgentChatDB, ConversationRecord, SearchRecord } from './indexeddb-schema.js';

/** Vocabulary kept per conversation for search: at most this many characters. */
const MAX_SEARCH_TEXT = 100_000;

/** The words of a text, lower-cased: letters and digits of any script. */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const range = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

/**
 * The searchable vocabulary of messages: each distinct word of what the user wrote and of the answers
 * (no tool traffic), lower-cased, space-separated. Smaller than the text (answers repeat their words), so
 * a search over 500 conversations reads little.
 */
export function searchText(messages: readonly Message[]): string {
  const vocabulary = new Set<string>();
  for (const m of messages)
    if (m.role === 'user' || (m.role === 'assistant' && m.content))
      for (const word of words(m.content)) vocabulary.add(word);
  return [...vocabulary].join(' ').slice(0, MAX_SEARCH_TEXT);
}

/**
 * The conversations whose title or messages contain every word of `query` (a word may be the start or
 * part of a longer one), newest first. Each
 * conversation's text is kept in the `search` store with the conversation version it was made from; a
 * conversation written since (or never indexed, e.g. after the v2 → v3 upgrade) is indexed again here,
 * so appending a turn pays nothing for search.
 */
export async function searchIndexedDB(
  d: IDBPDatabase<AgentChatDB>,
  query: string,
): Promise<ConversationSummary[]> {
  const terms = words(query);
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
