import { defineTool, type ImageInput, type Tool } from '@agent-chat/core';
import { nothing, type ReactiveElement, type TemplateResult } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';
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
  #list: typeof import('./attachments-list.js') | undefined;
  #listLoading: Promise<void> | undefined;

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
    this.#listLoading ??= import('./attachments-list.js').then(
      (list) => {
        this.#list = list;
      },
      () => {
        // Offline: the files are still sent; the next file tries to show the list again.
        this.#listLoading = undefined;
      },
    );
    void this.#listLoading.then(() => this.#host.requestUpdate());
  }

  /** The hidden file input's `@change` listener. */
  readonly onPicked = (event: Event): void => {
    const picker = event.target as HTMLInputElement;
    this.attach(picker.files);
    picker.value = '';
  };

  /** The files waiting to be sent, each with its remove button (a small chunk, loaded with the first file). */
  render(strings: AgentChatStrings): TemplateResult | typeof nothing {
    return this.files.pending.length && this.#list
      ? this.#list.renderAttachments(this.files, strings, (name) => {
          this.files.remove(name);
          this.#host.requestUpdate();
          this.#focus();
        })
      : nothing;
  }
}
