import type { ConversationStore, ConversationSummary, Message } from '@agent-chat/core';

/** The conversations of `id`'s family (the one it branched from and all their branches), with messages. */
export async function loadFamily(
  store: ConversationStore,
  id: string,
): Promise<Array<{ summary: ConversationSummary; messages: Message[] }>> {
  const all = await store.list();
  const self = all.find((c) => c.id === id);
  if (!self) return [];
  const root = self.branch?.root ?? self.id;
  const family = all.filter((c) => c.id === root || c.branch?.root === root);
  if (family.length < 2) return [];
  return Promise.all(family.map(async (summary) => ({ summary, messages: await store.load(summary.id) })));
}

/**
 * Makes a branch of conversation `id` at user turn `turn` (0-based): a new conversation holding what came
 * before that turn, with the memory summaries of those messages, marked as a branch of the family. The old
 * conversation stays as it is. Returns the new conversation's id and messages.
 */
export async function forkAt(
  store: ConversationStore,
  id: string,
  turn: number,
): Promise<{ id: string; messages: Message[] }> {
  const data = await store.export(id);
  const start = data.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []))[turn] ?? data.messages.length;
  const messages = data.messages.slice(0, start);
  const branchId = `conv_${crypto.randomUUID()}`;
  // After the conversation it branches from, also within one millisecond: versions are ordered by it.
  const now = Math.max(Date.now(), data.conversation.createdAt + 1);
  await store.import(
    {
      ...data,
      conversation: {
        ...data.conversation,
        id: branchId,
        createdAt: now,
        updatedAt: now,
        branch: { root: data.conversation.branch?.root ?? id },
      },
      messages,
      summaries: (data.summaries ?? []).filter((s) => s.seq < start),
    },
    branchId,
  );
  return { id: branchId, messages };
}
