import type { Tool } from '@agent-chat/core';
import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import { Attachments } from './attachments.js';
import { type AgentChatStrings, format } from './strings.js';

/**
 * The files of one element: picked with the attach button or dropped anywhere on the chat, listed under
 * the log until sent, then readable by the model through `read_attachment`.
 */
export class AttachmentsController {
  readonly files = new Attachments();
  /** `read_attachment` joins the tools once something was attached: no extra tool in every request before. */
  readonly #tools: readonly Tool[] = [this.files.tool];
  readonly #host: ReactiveElement;
  readonly #fail: (error: unknown) => void;
  readonly #focus: () => void;

  constructor(host: ReactiveElement, fail: (error: unknown) => void, focus: () => void) {
    this.#host = host;
    this.#fail = fail;
    this.#focus = focus;
    // Files dropped anywhere on the chat are attached to the next message.
    host.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    host.addEventListener('drop', (event) => {
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      void this.attach(event.dataTransfer.files);
    });
  }

  /** The element's own tools for the agent built from attributes (a stable array once used). */
  get tools(): readonly Tool[] {
    return this.files.used ? this.#tools : NO_TOOLS;
  }

  async attach(files: FileList | null | undefined): Promise<void> {
    if (!files?.length) return;
    const errors = await this.files.add(files);
    if (errors.length) this.#fail(new Error(errors.join('\n')));
    this.#host.requestUpdate();
  }

  /** The hidden file input's `@change` listener. */
  readonly onPicked = (event: Event): void => {
    const picker = event.target as HTMLInputElement;
    void this.attach(picker.files).then(() => {
      picker.value = '';
    });
  };

  #remove(name: string): void {
    this.files.remove(name);
    this.#host.requestUpdate();
    this.#focus();
  }

  /** The files waiting to be sent, each with its remove button. */
  render(strings: AgentChatStrings): TemplateResult | typeof nothing {
    const pending = this.files.pending;
    if (!pending.length) return nothing;
    return html`<ul class="attachments" aria-label=${strings.attach}>
      ${pending.map(
        (a) => html`<li part="attachment">${a.name}
          <button type="button" aria-label=${format(strings.removeAttachment, { name: a.name })}
            @click=${() => this.#remove(a.name)}>×</button></li>`,
      )}
    </ul>`;
  }
}

const NO_TOOLS: readonly Tool[] = [];
