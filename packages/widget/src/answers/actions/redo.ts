import { html, nothing, type TemplateResult } from 'lit';
import { branchesOf, userTurn } from '../branches/branches-state.js';
import type { AnswerActionsDeps } from './answer-actions-deps.js';

/**
 * Regenerate and "Edit last message" under the conversation (in the chunk of the answer actions: they
 * only make sense once there is an answer), only when the last turn has no answer with text: an answer
 * has its own Regenerate, and its question its own Edit, so the row would say both twice. Both keep the
 * old turn as a branch (see branches/): regenerate asks the last question again in a new branch, edit
 * opens the last message's editor.
 */
export function renderRedo(deps: AnswerActionsDeps): TemplateResult | typeof nothing {
  const items = deps.run.transcript;
  const lastQuestion = items.findLastIndex((i) => i.kind === 'user');
  if (items.slice(lastQuestion + 1).some((i) => i.kind === 'assistant' && i.text.trim())) return nothing;
  const s = deps.strings();
  const last = items.filter((i) => i.kind === 'user').length - 1;
  const branches = branchesOf(deps);
  return html`<div class="redo">
    <button type="button" part="regenerate" @click=${() => void branches.branch(last, userTurn(deps, last) ?? '')}>${s.regenerate}</button>
    <button type="button" part="edit" @click=${() => branches.edit(last)}>${s.editLast}</button>
  </div>`;
}
