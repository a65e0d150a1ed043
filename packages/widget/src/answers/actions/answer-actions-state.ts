import type { MessageFeedback, RunLogRecord } from '@agent-chat/core';
import { emit } from '../../shared/events.js';
import { addCodeCopyButtons } from '../copy/code-copy.js';
import { copyText } from '../copy/copy-text.js';
import { saveFeedback, storedRatings } from '../feedback/feedback-store.js';
import { answerActionsStyles } from './answer-actions.styles.js';
import type { AnswerActionsDeps } from './answer-actions-deps.js';
import { type AnswerActionsText, answerActionsText } from './answer-actions-text.js';

/** How long "Copied" stays. */
const STATUS_MS = 3000;

/**
 * Copy and feedback of one element: the status line of each answer ("Copied", "Couldn't copy"), the
 * ratings of the shown conversation (read from its store) and the open comment box.
 */
export class AnswerActionsState {
  readonly status = new Map<string, { text: string; failed: boolean }>();
  ratings = new Map<number, MessageFeedback>();
  /** The user turn whose comment box is open. */
  commenting: number | undefined;
  #ratingsOf: string | undefined;
  readonly #deps: AnswerActionsDeps;

  constructor(deps: AnswerActionsDeps) {
    this.#deps = deps;
    const { host } = deps;
    const root = host.renderRoot as ShadowRoot;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, answerActionsStyles.styleSheet!];
    host.addController({
      hostUpdated: () =>
        addCodeCopyButtons(root, this.text.copyCode, (itemId, code) => void this.copy(itemId, code)),
    });
  }

  get text(): AnswerActionsText {
    return answerActionsText(this.#deps.host.lang, this.#deps.host.strings);
  }

  /** Reads the ratings of the conversation shown, once per conversation. */
  syncRatings(): void {
    const id = this.#deps.run.conversationId;
    if (id === this.#ratingsOf) return;
    this.#ratingsOf = id;
    this.ratings = new Map();
    this.commenting = undefined;
    if (id)
      void this.#deps
        .store()
        .load(id)
        .then((messages) => {
          if (this.#ratingsOf !== id) return;
          this.ratings = storedRatings(messages);
          this.#deps.host.requestUpdate();
        });
  }

  /** Copies `text` and says so in the answer's status line (read by screen readers). */
  async copy(itemId: string, text: string): Promise<void> {
    const ok = await copyText(text);
    this.#say(itemId, ok ? this.text.copied : this.text.copyFailed, !ok);
  }

  /**
   * Records a rating of the answer of user turn `turn`: stored with the message, logged, then emitted. A
   * thumbs-down counts on its click; a comment sent later records it again, with the comment. Ratings are
   * saved one after the other (the store is rewritten for each), so a quick comment never loses the click.
   */
  rate(itemId: string, runId: string, turn: number, rating: 'up' | 'down', comment?: string): Promise<void> {
    // Shown at once; the store follows.
    this.ratings.set(turn, { rating, ...(comment ? { comment } : {}), at: Date.now() });
    this.#deps.host.requestUpdate();
    this.#saving = this.#saving.then(() => this.#rate(itemId, runId, turn, rating, comment));
    return this.#saving;
  }

  #saving: Promise<void> = Promise.resolve();

  async #rate(itemId: string, runId: string, turn: number, rating: 'up' | 'down', comment?: string) {
    const deps = this.#deps;
    const conversationId = deps.run.conversationId;
    const feedback: MessageFeedback = { rating, ...(comment ? { comment } : {}), at: Date.now() };
    const position = conversationId
      ? await saveFeedback(deps.store(), conversationId, turn, feedback).catch(() => undefined)
      : undefined;
    if (!conversationId || position === undefined) {
      console.warn('<agent-chat>: feedback on an answer that no longer exists is ignored.');
      return;
    }
    this.ratings.set(turn, feedback);
    const messageId = `${conversationId}:${position}`;
    const record = {
      kind: 'feedback',
      ts: feedback.at,
      runId,
      messageId,
      rating,
      ...(comment ? { comment } : {}),
    };
    await deps.source.log(conversationId, record as RunLogRecord).catch(() => {});
    emit(deps.host, 'agent-chat-feedback', {
      conversationId,
      messageId,
      runId,
      rating,
      ...(comment ? { comment } : {}),
    });
    if (deps.host.hasAttribute('proxy-url'))
      void import('../../conversations/proxy-transcript.js').then((m) =>
        m.sendTranscriptFeedback(deps.host, {
          conversationId,
          messageId,
          rating,
          ...(comment ? { comment } : {}),
        }),
      );
    this.#say(itemId, this.text.feedbackThanks, false);
  }

  #say(itemId: string, text: string, failed: boolean): void {
    const entry = { text, failed };
    this.status.set(itemId, entry);
    this.#deps.host.requestUpdate();
    if (!failed)
      setTimeout(() => {
        if (this.status.get(itemId) !== entry) return;
        this.status.delete(itemId);
        this.#deps.host.requestUpdate();
      }, STATUS_MS);
  }
}
