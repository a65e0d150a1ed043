import type { MessageFeedback } from '@agent-chat/core';
import { html, type nothing, type TemplateResult } from 'lit';
import type { AnswerActionsText } from '../actions/answer-actions-text.js';

/** What the thumbs and the comment box can ask for. */
export interface FeedbackActions {
  rate(rating: 'up' | 'down', comment?: string): void;
  /** Opens (true) or closes the comment box of thumbs down. */
  comment(open: boolean): void;
}

/** A thumb (drawn, not an emoji: emoji fonts are missing on many systems); `down` turns it over. */
const thumb = (down: boolean) =>
  html`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor"
    stroke-width="2" stroke-linejoin="round" transform=${down ? 'rotate(180)' : 'rotate(0)'}><path d="M7 10v11H3V10z"/><path
    d="M7 10l4-8c1.7 0 3 1.3 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7"/></svg>`;

/** Thumbs up / down of one answer (`aria-pressed` shows the stored rating). */
export function renderThumbs(
  rating: MessageFeedback | undefined,
  disabled: boolean,
  text: AnswerActionsText,
  actions: FeedbackActions,
): TemplateResult {
  return html`<button type="button" part="feedback-up" class="thumb" aria-label=${text.goodAnswer}
      title=${text.goodAnswer} aria-pressed=${rating?.rating === 'up'} ?disabled=${disabled}
      @click=${() => actions.rate('up')}>${thumb(false)}</button>
    <button type="button" part="feedback-down" class="thumb" aria-label=${text.badAnswer}
      title=${text.badAnswer} aria-pressed=${rating?.rating === 'down'} ?disabled=${disabled}
      @click=${() => {
        // The click counts at once; the comment box that opens is optional.
        actions.rate('down');
        actions.comment(true);
      }}>${thumb(true)}</button>`;
}

/**
 * The comment box of thumbs down (the rating is already recorded): Send records it again with the comment;
 * Send without a comment, Cancel or Esc close the box.
 */
export function renderCommentBox(
  text: AnswerActionsText,
  cancel: string,
  actions: FeedbackActions,
): TemplateResult | typeof nothing {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const value = new FormData(event.target as HTMLFormElement).get('comment');
    const comment = typeof value === 'string' && value.trim() ? value.trim() : undefined;
    if (comment) actions.rate('down', comment);
    else actions.comment(false);
  };
  return html`<form part="feedback-comment" class="feedback-comment" @submit=${submit}
    @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && actions.comment(false)}>
    <label>${text.feedbackComment}<textarea name="comment" rows="2"></textarea></label>
    <div class="feedback-buttons">
      <button type="submit" part="feedback-send" class="primary">${text.sendFeedback}</button>
      <button type="button" @click=${() => actions.comment(false)}>${cancel}</button>
    </div>
  </form>`;
}
