import { formatBytes } from '../shared/format-bytes.js';

/** Largest file accepted as an attachment; bigger ones belong in the site's knowledge documents. */
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024;

/**
 * The files attached to the message being written. On send they go through core's readers into the
 * conversation's attachment cache (see knowledge-chunk.ts), and the message names them.
 */
export class Attachments {
  /** Attached to the message being written. */
  pending: File[] = [];
  readonly #sent: File[] = [];

  /** The files sent so far, for the code interpreter's `/data` folder. */
  get sent(): readonly File[] {
    return this.#sent;
  }

  /** Adds files; returns an error message for each file that could not be attached. */
  add(files: Iterable<File>): string[] {
    const errors: string[] = [];
    for (const file of files) {
      if (file.size > MAX_ATTACHMENT_BYTES) {
        errors.push(
          `${file.name} is ${formatBytes(file.size)}; attachments can be at most ${formatBytes(MAX_ATTACHMENT_BYTES)}.`,
        );
        continue;
      }
      this.pending = [...this.pending.filter((a) => a.name !== file.name), file];
    }
    return errors;
  }

  remove(name: string): void {
    this.pending = this.pending.filter((a) => a.name !== name);
  }

  /** The pending files, which are no longer pending. */
  take(): File[] {
    const taken = this.pending;
    this.pending = [];
    for (const file of taken) {
      const index = this.#sent.findIndex((f) => f.name === file.name);
      if (index !== -1) this.#sent.splice(index, 1);
      this.#sent.push(file);
    }
    return taken;
  }

  /** Puts files back when the message could not be sent. */
  restore(files: readonly File[]): void {
    for (const file of files) if (!this.pending.includes(file)) this.pending = [...this.pending, file];
  }
}

/** How the note naming attached files starts (a conversation with it has attachments to read). */
export const ATTACHED_NOTE = '[Attached: ';

/** The message with a note naming the attached files (images go to the model as image parts). */
export function withAttachmentNote(message: string, files: readonly File[]): string {
  const documents = files.filter((f) => !f.type.startsWith('image/'));
  if (!documents.length) return message;
  const list = documents.map((a) => `${a.name} (${formatBytes(a.size)})`).join(', ');
  return `${message}\n\n${ATTACHED_NOTE}${list}. Read them with the read_attachment tool.]`;
}
