import { html, nothing, type TemplateResult } from 'lit';
import type { TranscriptItem } from '../../transcript-model/transcript.js';
import type { AnswerActionsText } from '../actions/answer-actions-text.js';

type UserItem = Extract<TranscriptItem, { kind: 'user' }>;

import type { BranchesState } from './branches-state.js';

/**
 * Under a user message: its versions picker ‹ 2 / 3 › (parts `branch-prev`, `branch-status`,
 * `branch-next`) when the turn has branches, an Edit button (part `edit-message`), and while editing, the
 * editor (part `message-editor`) whose Send keeps the old turn as a branch.
 */
export function renderUserControls(
  item: UserItem,
  turn: number,
  state: BranchesState,
  running: boolean,
  text: AnswerActionsText,
  cancel: string,
): TemplateResult {
  const branches = state.turns.get(turn);
  const picker = branches
    ? html`<span class="branch-picker" role="group" aria-label=${text.branches}>
        <button type="button" part="branch-prev" aria-label=${text.previousBranch} ?disabled=${running || branches.index === 0}
          @click=${() => state.show(turn, branches.index - 1)}>‹</button>
        <span part="branch-status">${branches.index + 1} / ${branches.ids.length}</span>
        <button type="button" part="branch-next" aria-label=${text.nextBranch}
          ?disabled=${running || branches.index === branches.ids.length - 1}
          @click=${() => state.show(turn, branches.index + 1)}>›</button>
      </span>`
    : nothing;
  const rerender = () => state.edit(undefined);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const value = new FormData(event.target as HTMLFormElement).get('message');
    if (typeof value === 'string') void state.branch(turn, value);
  };
  const editor =
    state.editing === turn
      ? html`<form part="message-editor" class="message-editor" @submit=${submit}
          @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && rerender()}>
          <textarea name="message" rows="2" aria-label=${text.editMessage} .value=${item.text}></textarea>
          <div class="feedback-buttons">
            <button type="submit" part="edit-save" class="primary">${text.saveEdit}</button>
            <button type="button" @click=${rerender}>${cancel}</button>
          </div>
        </form>`
      : nothing;
  return html`<div class="user-controls">
      ${picker}
      ${running ? nothing : html`<button type="button" part="edit-message" @click=${() => state.edit(turn)}>${text.editMessage}</button>`}
    </div>${editor}`;
}
