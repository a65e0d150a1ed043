import { ConfigurationError } from '../errors.js';
import type { Message } from '../model/messages.js';
import type { ConversationExport, ConversationStore, ConversationSummary } from './conversation-store.js';

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
    async rename(id, title) {
      const conversation = conversations.get(id);
      if (!conversation) throw new ConfigurationError(`rename: no conversation with id "${id}".`);
      conversation.summary.title = title.trim() || conversation.summary.title;
    },
    async delete(id) {
      conversations.delete(id);
    },
    async export(id) {
      const conversation = conversations.get(id);
      if (!conversation) throw new ConfigurationError(`export: no conversation with id "${id}".`);
      return structuredClone({
        format: 'agent-chat.conversation',
        version: 1,
        conversation: conversation.summary,
        messages: conversation.messages,
      } satisfies ConversationExport);
    },
    async import(data, asId) {
      if (data?.format !== 'agent-chat.conversation' || data.version !== 1 || !Array.isArray(data.messages))
        throw new ConfigurationError(
          'import: not an agent-chat conversation export (format "agent-chat.conversation", version 1).',
        );
      const id = asId ?? data.conversation.id;
      const copy = structuredClone(data);
      conversations.set(id, {
        summary: { ...copy.conversation, id, messageCount: copy.messages.length },
        messages: copy.messages,
      });
      return id;
    },
  };
}

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || 'New conversation';
}
