import { html, nothing, type TemplateResult } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';

/** What the composer shows and the listeners it calls. */
export interface ComposerProps {
  strings: AgentChatStrings;
  running: boolean;
  /** Something can answer (an agent or a proxy URL); otherwise the text box points at the notice. */
  configured: boolean;
  submit(event: SubmitEvent): void;
  keydown(event: KeyboardEvent): void;
  stop(): void;
  picked(event: Event): void;
  /** Opens the file picker. */
  attach(): void;
  /** The microphone button of `voice-input`, once its chunk has loaded. */
  mic?: unknown;
}

/** The form at the bottom: attach button, text box, Stop while a run is in progress, Send. */
export function renderComposer(p: ComposerProps): TemplateResult {
  const { strings } = p;
  return html`<form part="composer" class="composer" @submit=${p.submit}>
    <input type="file" id="file" class="visually-hidden" multiple tabindex="-1" aria-hidden="true"
      @change=${p.picked} />
    <button type="button" part="attach" class="attach" aria-label=${strings.attach} title=${strings.attach}
      @click=${p.attach}>+</button>
    <label class="visually-hidden" for="input">${strings.message}</label>
    <textarea id="input" part="input" rows="2" placeholder=${strings.placeholder}
      aria-describedby=${p.configured ? nothing : 'notice'} @keydown=${p.keydown}></textarea>
    ${p.mic}
    ${p.running ? html`<button type="button" part="stop" class="stop" @click=${p.stop}>${strings.stop}</button>` : nothing}
    <button type="submit" part="send" class="send" ?disabled=${p.running}>${strings.send}</button>
  </form>`;
}
