import type { ConversationStore } from '@agent-chat/core';
import { html, type TemplateResult } from 'lit';
import type { AnswerActionsDeps } from './answer-actions-deps.js';

/**
 * Regenerate and "Edit last message" under the conversation (in the chunk of the answer actions: they
 * only make sense once there is an answer). Both remove the last turn from the store and the log first.
 */
export function renderRedo(deps: AnswerActionsDeps): TemplateResult {
  const { strings } = deps;
  const s = strings();
  const regenerate = async () => {
    const text = await dropLast(deps);
    if (text !== undefined) void deps.send.send(text);
  };
  const edit = async () => {
    const text = await dropLast(deps);
    const input = deps.input();
    if (text === undefined || !input) return;
    input.value = text;
    input.focus();
  };
  return html`<div class="redo">
    <button type="button" part="regenerate" @click=${regenerate}>${s.regenerate}</button>
    <button type="button" part="edit" @click=${edit}>${s.editLast}</button>
  </div>`;
}

/** Removes the last turn from the store and the transcript; returns the user's text of that turn. */
async function dropLast(deps: AnswerActionsDeps): Promise<string | undefined> {
  const id = deps.run.conversationId;
  if (!id || deps.run.status === 'running') return undefined;
  try {
    const text = await dropLastTurn(deps.store(), id);
    const items = deps.run.transcript;
    const cut = items.findLastIndex((item) => item.kind === 'user');
    deps.run.reset(cut === -1 ? items : items.slice(0, cut), id);
    return text;
  } catch (error) {
    deps.fail(error);
    return undefined;
  }
}

/**
 * Removes the last user message and everything after it from a stored conversation (for regenerate
 * and edit) and returns that message's text. The port has no truncate, so the conversation is
 * exported, deleted and imported again under the same id, without the last turn.
 */
export async function dropLastTurn(
  store: ConversationStore,
  conversationId: string,
): Promise<string | undefined> {
  const data = await store.export(conversationId);
  const index = data.messages.findLastIndex((m) => m.role === 'user');
  if (index === -1) return undefined;
  const text = data.messages[index]!.content;
  await store.delete(conversationId);
  if (index > 0) await store.import({ ...data, messages: data.messages.slice(0, index) }, conversationId);
  return text;
}
