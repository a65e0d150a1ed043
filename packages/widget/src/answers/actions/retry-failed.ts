// A lazy chunk, loaded when the visitor presses Retry after a retryable error: the failed turn leaves the
// store and the log, then its question is asked again.
import type { ConversationStore } from '@agent-chat/core';
import type { RunState } from '../../shared/run-state.js';

/**
 * Removes the last turn (the failed one: the user's message and whatever partial work came after it) from
 * the store and the transcript, and gives that message's text, to be sent again. The store port has no
 * truncate, so the conversation is exported, deleted and imported again under the same id without it.
 */
export async function dropFailedTurn(store: ConversationStore, run: RunState): Promise<string | undefined> {
  const id = run.conversationId;
  if (!id || run.status === 'running') return undefined;
  const data = await store.export(id);
  const index = data.messages.findLastIndex((m) => m.role === 'user');
  if (index === -1) return undefined;
  const text = data.messages[index]!.content;
  await store.delete(id);
  if (index > 0) await store.import({ ...data, messages: data.messages.slice(0, index) }, id);
  const items = run.transcript;
  const cut = items.findLastIndex((item) => item.kind === 'user');
  run.reset(cut === -1 ? items : items.slice(0, cut), id);
  return text;
}
