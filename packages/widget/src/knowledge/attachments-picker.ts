import { defineTool, type ImageInput, type Tool } from '@agent-chat/core';
import { html, nothing, type ReactiveElement, type TemplateResult } from 'lit';
import { type AgentChatStrings, format } from '../i18n/strings.js';
import { Attachments } from './attachments.js';
import type { KnowledgeLoader } from './knowledge-loader.js';

/**
 * The files of one element: picked with the attach button or dropped anywhere on the chat, listed under
 * the log until sent, then read through core's readers into the conversation's attachment cache (kept in
 * IndexedDB for its TTL), where `read_attachment` pages through them 10 KB at a time.
 */
export class AttachmentsPicker {
  readonly files = new Attachments();
  readonly #host: ReactiveElement;
  readonly #knowledge: KnowledgeLoader;
  readonly #fail: (error: unknown) => void;
  readonly #focus: () => void;

  constructor({
    host,
    knowledge,
    fail,
    focus,
  }: {
    host: ReactiveElement;
    knowledge: KnowledgeLoader;
    fail: (error: unknown) => void;
    focus: () => void;
  }) {
    this.#host = host;
    this.#knowledge = knowledge;
    this.#fail = fail;
    this.#focus = focus;
    // Files dropped anywhere on the chat are attached to the next message.
    host.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    host.addEventListener('drop', (event) => {
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      this.attach(event.dataTransfer.files);
    });
  }

  /** Reads `files` into the attachment cache of `conversationId`; images come back as image parts. */
  async ingest(files: readonly File[], conversationId: string): Promise<ImageInput[]> {
    if (!files.length) return [];
    const { chunk, kb } = await this.#knowledge.open();
    return chunk.ingestAttachments(kb, files, conversationId);
  }

  /**
   * `read_attachment` of the conversation shown, for agents built in JS (`element.attachmentTool`): the
   * same tool the attribute-built agent gets, loaded on its first call.
   */
  readonly tool: Tool = defineTool({
    name: 'read_attachment',
    description:
      'Reads a file the user attached (or a knowledge document) as text, 10 KB per page. Start with page 1; the result says how many pages there are.',
    parameters: {
      type: 'object',
      properties: {
        source: { type: 'string', minLength: 1, description: 'The file name, as in the [Attached: …] note.' },
        page: { type: 'integer', minimum: 1, description: '1-based page number (default 1).' },
      },
      required: ['source'],
    },
    execute: async (args: unknown, context) => {
      const { tools } = await this.#knowledge.open();
      return tools.find((t) => t.name === 'read_attachment')!.execute(args, context);
    },
  }) as Tool;

  attach(files: FileList | null | undefined): void {
    if (!files?.length) return;
    const errors = this.files.add(files);
    if (errors.length) this.#fail(new Error(errors.join('\n')));
    this.#host.requestUpdate();
  }

  /** The hidden file input's `@change` listener. */
  readonly onPicked = (event: Event): void => {
    const picker = event.target as HTMLInputElement;
    this.attach(picker.files);
    picker.value = '';
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
