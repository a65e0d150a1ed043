import { nothing } from 'lit';
import { idle } from '../../shared/idle.js';
import type { TranscriptItem } from '../../transcript-model/transcript.js';
import type { AnswerActionsDeps } from './answer-actions-deps.js';

type Chunk = typeof import('./answer-actions.js');

/**
 * Copy and feedback under each finished answer, regenerate and edit. Their code is a lazy chunk fetched once the first answer
 * has finished, when the browser is idle: it is not on the path to the first answer.
 */
export class AnswerActionsLoader {
  #chunk: Chunk | undefined;
  #requested = false;
  readonly #deps: AnswerActionsDeps;

  constructor(deps: AnswerActionsDeps) {
    this.#deps = deps;
  }

  /** Regenerate and "Edit last message", once the chunk has loaded. */
  redo(): unknown {
    return this.#chunk ? this.#chunk.renderRedo(this.#deps) : nothing;
  }

  readonly render = (item: TranscriptItem, final: boolean): unknown => {
    if (!final) return nothing;
    if (this.#chunk) return this.#chunk.renderAnswerActions(item, this.#deps);
    // Only a finished answer fetches the chunk (a user message alone does not).
    if (item.kind === 'assistant' && !this.#requested) {
      this.#requested = true;
      // When the browser is idle, but within a second: on a busy page (animations, a loaded machine) idle
      // time may never come, and the answer would stay without its copy and feedback buttons.
      idle(() =>
        import('./answer-actions.js').then(
          (chunk) => {
            this.#chunk = chunk;
            this.#deps.host.requestUpdate();
          },
          (error: unknown) => {
            this.#requested = false;
            console.error('<agent-chat>: could not load copy and feedback', error);
          },
        ),
      );
    }
    return nothing;
  };
}
