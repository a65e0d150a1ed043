import type { ConversationStore, ConversationSummary, Message } from '@agent-chat/core';

/**
 * The conversations whose title or messages contain every word of `query`, newest first (all of them for
 * an empty query): the store's own `search` (IndexedDB keeps a search index), or for stores without one,
 * each conversation loaded and searched.
 */
export async function searchConversations(
  store: ConversationStore,
  query: string,
): Promise<ConversationSummary[]> {
  if (!query.trim()) return store.list();
  if (store.search) return store.search(query);
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const all = await store.list();
  const texts = await Promise.all(all.map(async (c) => textOf(await store.load(c.id))));
  return all.filter((c, i) => terms.every((t) => c.title.toLowerCase().includes(t) || texts[i]!.includes(t)));
}

function textOf(messages: readonly Message[]): string {
  return messages
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => m.content.toLowerCase())
    .join('\n');
}
