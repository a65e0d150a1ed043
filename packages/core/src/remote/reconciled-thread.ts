import type { ConversationStore } from '../memory/conversation-store.js';
import type { Message } from '../model/messages.js';
import type { RemoteProtocol } from './remote-errors.js';
import { keepThread, type RemoteThread, type RemoteThreadStore, threadFor } from './remote-thread-store.js';

/**
 * This backend's stored thread, cut to the turns the conversation store still has (regenerate and edit
 * drop the last). A conversation that began with another backend (the page changed `agent-url`), or a
 * branch of one, sends nothing of its history here. One this backend never saw (its own branch made by
 * regenerate or edit, an imported one) is sent as its turns' text: each user message and what the
 * assistant answered.
 */
export async function reconciled(
  threads: RemoteThreadStore,
  store: ConversationStore,
  conversationId: string,
  protocol: RemoteProtocol,
  url: string,
): Promise<RemoteThread | undefined> {
  const { thread, foreign } = await threadFor(threads, url, conversationId);
  if (foreign && !thread) return undefined;
  const stored = await store.load(conversationId);
  const turns = stored.filter((m) => m.role === 'user').length;
  if (!thread && turns && (await branchOfForeign(threads, store, conversationId, url))) return undefined;
  if (!thread || thread.protocol !== protocol) return turns ? textThread(stored, protocol) : undefined;
  if (thread.turns.length > turns) {
    thread.turns = thread.turns.slice(0, turns);
    await keepThread(threads, url, conversationId, thread);
  }
  return thread;
}

/** True when the conversation is a branch (regenerate, edit) of one that began with another backend. */
async function branchOfForeign(
  threads: RemoteThreadStore,
  store: ConversationStore,
  conversationId: string,
  url: string,
): Promise<boolean> {
  const root = (await store.list()).find((c) => c.id === conversationId)?.branch?.root;
  return root !== undefined && root !== conversationId && (await threadFor(threads, url, root)).foreign;
}

/** Stored messages as a thread of text turns in `protocol`'s message shape (tool traffic left out). */
function textThread(stored: readonly Message[], protocol: RemoteProtocol): RemoteThread {
  const turns: Array<{ messages: unknown[] }> = [];
  const message = (role: 'user' | 'assistant', text: string) => {
    const id = `${role}-${turns.length}`;
    return protocol === 'ai-sdk'
      ? { id, role, parts: [{ type: 'text', text }] }
      : { id, role, content: text };
  };
  let answer: string[] = [];
  const endTurn = () => {
    if (answer.length) turns.at(-1)?.messages.push(message('assistant', answer.join('\n\n')));
    answer = [];
  };
  for (const m of stored) {
    if (m.role === 'user') {
      endTurn();
      turns.push({ messages: [] });
      turns.at(-1)!.messages.push(message('user', m.content));
    } else if (m.role === 'assistant' && m.content.trim()) answer.push(m.content);
  }
  endTurn();
  return { protocol, turns };
}
