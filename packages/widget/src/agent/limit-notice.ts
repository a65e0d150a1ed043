import type { AgentEvent, AgentEventOf } from '@agent-chat/core';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';

/**
 * The notice shown above the error when a run hit a rate limit or ran out of credits
 * (`part="limit-notice"`): it says plainly what happened and when it resets; the typed error message
 * stays shown beside it. Its texts load lazily, on the first limit.
 */
export class LimitNotice {
  #shown: { event: AgentEvent; text: string } | undefined;

  readonly host: ReactiveControllerHost & { lang: string; strings?: Partial<AgentChatStrings> | undefined };

  constructor({ host }: { host: LimitNotice['host'] }) {
    this.host = host;
  }

  /** Sees every run event; a limit error loads its text. */
  onEvent(event: AgentEvent): void {
    if (event.type !== 'error' || (event.code !== 'rate_limited' && event.code !== 'credits_exhausted'))
      return;
    void import('./limit-notice-text.js').then(({ limitNoticeText }) => {
      const text = limitNoticeText(event, this.host.strings, this.host.lang);
      if (text !== undefined) this.#shown = { event, text };
      this.host.requestUpdate();
    });
  }

  /** The notice for the error event shown now, if it is a limit. */
  render(current: AgentEventOf<'error'> | undefined) {
    const shown = this.#shown;
    if (current === undefined || shown?.event !== current) return nothing;
    return html`<p part="limit-notice" class="notice" role="status">${shown.text}</p>`;
  }
}
