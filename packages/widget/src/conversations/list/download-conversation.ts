import type { ConversationStore } from '@agent-chat/core';

/** Offers a conversation as a JSON file download. */
export async function downloadConversation(store: ConversationStore, conversationId: string): Promise<void> {
  const data = await store.export(conversationId);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${(data.conversation.title || 'conversation').replace(/[^\w-]+/g, '-').slice(0, 60)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
