// Loaded with import() by answer-actions-loader.ts once the first answer has finished: copy, feedback,
// regenerate, edit and the branches they make.
import { html, nothing, type TemplateResult } from 'lit';
import { resolveStrings } from '../../i18n/strings.js';
import type { TranscriptItem } from '../../transcript-model/transcript.js';
import { branchesOf, userTurn } from '../branches/branches-state.js';
import { renderUserControls } from '../branches/branches-view.js';
import { renderCommentBox, renderThumbs } from '../feedback/feedback-view.js';
import type { AnswerActionsDeps } from './answer-actions-deps.js';
import { AnswerActionsState } from './answer-actions-state.js';
import { answerActionsText } from './answer-actions-text.js';

export { renderRedo } from './redo.js';

const states = new WeakMap<object, AnswerActionsState>();

/**
 * The bar under a finished answer: Copy (its Markdown), thumbs up / down on the last answer of each turn
 * (unless `feedback="off"`), and a status line that says "Copied" or "Couldn't copy" (`role="status"`).
 */
export function renderAnswerActions(
  item: TranscriptItem,
  deps: AnswerActionsDeps,
): TemplateResult | typeof nothing {
  const running = deps.run.status === 'running';
  const branches = branchesOf(deps);
  branches.sync();
  const items = deps.run.transcript;
  const at = items.indexOf(item);
  const turn = items.slice(0, at).filter((i) => i.kind === 'user').length - (item.kind === 'user' ? 0 : 1);
  const cancel = resolveStrings(deps.host.lang, deps.host.strings).cancel;
  if (item.kind === 'user' && deps.run.conversationId)
    return renderUserControls(
      item,
      turn,
      branches,
      running,
      answerActionsText(deps.host.lang, deps.host.strings),
      cancel,
    );
  if (item.kind !== 'assistant' || !item.text.trim()) return nothing;
  let state = states.get(deps.host);
  if (!state) {
    state = new AnswerActionsState(deps);
    states.set(deps.host, state);
  }
  state.syncRatings();
  const text = state.text;
  const next = items.slice(at + 1).find((i) => i.kind === 'user' || i.kind === 'assistant');
  // The last answer of each turn carries that turn's one Regenerate (and its thumbs).
  const lastTurn = items.filter((i) => i.kind === 'user').length - 1;
  const lastOfTurn = turn >= 0 && next?.kind !== 'assistant';
  const rateable = deps.host.feedback && lastOfTurn;
  const s = state;
  const actions = {
    rate: (rating: 'up' | 'down', comment?: string) => {
      s.commenting = undefined;
      void s.rate(item.id, item.runId, turn, rating, comment);
    },
    comment: (open: boolean) => {
      s.commenting = open ? turn : undefined;
      deps.host.requestUpdate();
      if (open)
        void deps.host.updateComplete.then(() =>
          deps.host.renderRoot.querySelector<HTMLTextAreaElement>('.feedback-comment textarea')?.focus(),
        );
    },
  };
  const status = state.status.get(item.id);
  const regenerate = () => void branches.branch(turn, userTurn(deps, turn) ?? '');
  const label = resolveStrings(deps.host.lang, deps.host.strings).regenerate;
  return html`<div class="answer-actions" data-item=${item.id}>
      <button type="button" part="copy" @click=${() => void s.copy(item.id, item.text)}>${text.copy}</button>
      ${lastOfTurn && !running ? (turn === lastTurn ? html`<button type="button" part="regenerate-answer regenerate" @click=${regenerate}>${label}</button>` : html`<button type="button" part="regenerate-answer" @click=${regenerate}>${label}</button>`) : nothing}
      ${rateable ? renderThumbs(state.ratings.get(turn), running, text, actions) : nothing}
      <span class="action-status ${status?.failed ? 'failed' : ''}" role="status">${status?.text ?? ''}</span>
    </div>
    ${rateable && state.commenting === turn ? renderCommentBox(text, cancel, actions) : nothing}`;
}
