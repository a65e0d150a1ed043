import type { Message } from '../model/messages.js';
import type { ConversationStore, ConversationSummary } from './conversation-store.js';

interface Conversation {
  summary: ConversationSummary;
  messages: Message[];
}

/** A {@link ConversationStore} in memory: for tests, servers and pages that need no persistence. */
export function memoryStore(): ConversationStore {
  const conversations = new Map<string, Conversation>();
  return {
    async load(id) {
      return structuredClone(conversations.get(id)?.messages ?? []);
    },
    async append(id, messages) {
      const now = Date.now();
      let conversation = conversations.get(id);
      if (!conversation) {
        const first = messages.find((m) => m.role === 'user');
        conversation = {
          summary: {
            id,
            title: titleFrom(first?.content ?? ''),
            createdAt: now,
            updatedAt: now,
            messageCount: 0,
          },
          messages: [],
        };
        conversations.set(id, conversation);
      }
      // Copy first so a caller mutating its array later cannot change stored history.
      conversation.messages.push(...structuredClone(messages));
      conversation.summary.updatedAt = now;
      conversation.summary.messageCount = conversation.messages.length;
    },
    async list() {
      return [...conversations.values()]
        .map((c) => ({ ...c.summary }))
        .sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async delete(id) {
      conversations.delete(id);
    },
  };
}

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || 'New conversation';
}
