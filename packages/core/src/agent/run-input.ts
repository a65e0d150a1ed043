import type { ImageInput } from '../model/messages.js';

/** Input of one run. */
export interface RunInput {
  /** The user's message. */
  message: string;
  /** Conversation to continue; a new id is generated when omitted (see the `run.start` event). */
  conversationId?: string;
  /** Images sent with the message to a vision model (`data:` or https URLs); kept with the message. */
  images?: ImageInput[];
  /** Stops the model stream and running tools. */
  signal?: AbortSignal;
}
