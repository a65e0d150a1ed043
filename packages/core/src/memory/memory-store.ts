import { ConfigurationError } from '../errors.js';
import type { Message } from '../model/messages.js';
import { assertConversationExport } from './conversation-import.js';
import {
  type ConversationExport,
  type ConversationStore,
  type ConversationSummary,
  type StoredSummary,
  titleFrom,
} from './conversation-store.js';

interface Conversation {
  summary: ConversationSummary;
  /** Each message as its JSON text: a copy no caller can change, written once (an append) and read as new objects. */
  messages: string[];
  summaries: StoredSummary[];
}

/** A {@link ConversationStore} in memory: for tests, servers and pages that need no persistence. */
export function memoryStore(): ConversationStore {
  const conversations = new Map<string, Conversation>();
  return {
    async load(id) {
      return (conversations.get(id)?.messages ?? []).map(parseMessage);
    },
    async loadSummaries(id) {
      return structuredClone(conversations.get(id)?.summaries ?? []);
    },
    async append(id, messages, summaries = []) {
      const now = Date.now();
      let conversation = conversations.get(id);
      if (!conversation) {
        conversation = {
          summary: { id, title: titleFrom(messages), createdAt: now, updatedAt: now, messageCount: 0 },
          messages: [],
          summaries: [],
        };
        conversations.set(id, conversation);
      }
      const base = conversation.messages.length;
      // Written as text first, so a caller mutating its messages later cannot change stored history.
      for (const message of messages) conversation.messages.push(JSON.stringify(message));
      for (const { index, text, method } of summaries)
        conversation.summaries.push({ seq: base + index, text, method });
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
        messages: conversation.messages.map(parseMessage),
        summaries: conversation.summaries,
      } satisfies ConversationExport);
    },
    async import(data, asId) {
      await assertConversationExport(data);
      const id = asId ?? data.conversation.id;
      const copy = structuredClone(data);
      conversations.set(id, {
        summary: { ...copy.conversation, id, messageCount: copy.messages.length },
        messages: copy.messages.map((message) => JSON.stringify(message)),
        summaries: copy.summaries ?? [],
      });
      return id;
    },
  };
}

function parseMessage(text: string): Message {
  return JSON.parse(text) as Message;
}
