import { defineTool, type Tool } from '@agent-chat/core';
import { formatBytes } from './view-context.js';

/** Largest file read as an attachment; bigger ones belong in a knowledge base. */
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;
/** Characters of an attachment one `read_attachment` call returns. */
const MAX_READ_CHARS = 50_000;

/** A file the user attached, read as text. */
export interface Attachment {
  name: string;
  size: number;
  text: string;
}

/**
 * The files attached in one chat: read on drop or pick, named in the next message, and readable by the
 * model through the `read_attachment` tool (so a large file costs tokens only when the model needs it).
 */
export class Attachments {
  /** Attached to the message being written. */
  pending: Attachment[] = [];
  readonly #sent = new Map<string, Attachment>();

  /** Reads files as text; returns an error message for each file that could not be attached. */
  async add(files: Iterable<File>): Promise<string[]> {
    const errors: string[] = [];
    for (const file of files) {
      if (file.size > MAX_ATTACHMENT_BYTES) {
        errors.push(
          `${file.name} is ${formatBytes(file.size)}; attachments can be at most ${formatBytes(MAX_ATTACHMENT_BYTES)}.`,
        );
        continue;
      }
      const text = await file.text();
      this.pending = [
        ...this.pending.filter((a) => a.name !== file.name),
        { name: file.name, size: file.size, text },
      ];
    }
    return errors;
  }

  /** Whether any file was ever sent with a message. */
  get used(): boolean {
    return this.#sent.size > 0;
  }

  /** The files sent so far, for the code interpreter's `/data` folder. */
  get sent(): Attachment[] {
    return [...this.#sent.values()];
  }

  remove(name: string): void {
    this.pending = this.pending.filter((a) => a.name !== name);
  }

  /** The message with a note naming the pending attachments, which become readable by the tool. */
  takeInto(message: string): string {
    if (!this.pending.length) return message;
    const list = this.pending.map((a) => `${a.name} (${formatBytes(a.size)})`).join(', ');
    for (const attachment of this.pending) this.#sent.set(attachment.name, attachment);
    this.pending = [];
    return `${message}\n\n[Attached: ${list}. Read them with the read_attachment tool.]`;
  }

  /** Puts attachments back when the message could not be sent. */
  restore(names: string[]): void {
    for (const name of names) {
      const attachment = this.#sent.get(name);
      if (attachment && !this.pending.includes(attachment)) this.pending = [...this.pending, attachment];
    }
  }

  /** The `read_attachment` tool over the files sent so far. */
  readonly tool: Tool = defineTool({
    name: 'read_attachment',
    description: 'Reads a file the user attached to the chat, by its name. Returns its text.',
    parameters: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The file name, as in the [Attached: …] note.' },
        offset: { type: 'integer', description: 'Character to start at, for long files; default 0.' },
      },
      required: ['name'],
    },
    execute: (args: unknown) => {
      const { name, offset = 0 } = args as { name: string; offset?: number };
      const attachment = this.#sent.get(name);
      if (!attachment)
        return `No attachment named "${name}". Attached: ${[...this.#sent.keys()].join(', ') || 'none'}.`;
      const end = offset + MAX_READ_CHARS;
      const more =
        end < attachment.text.length
          ? `\n[… ${attachment.text.length - end} more characters; call again with offset ${end}]`
          : '';
      return attachment.text.slice(offset, end) + more;
    },
  }) as Tool;
}
