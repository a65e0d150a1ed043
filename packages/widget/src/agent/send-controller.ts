import type { ChatAgent, ImageInput } from '@agent-chat/core';
import type { ReactiveController } from 'lit';
import type { SendDeps } from './send-deps.js';

export type { SendDeps } from './send-deps.js';

import { withAttachmentNote } from '../knowledge/attachments.js';
import { preloadMarkdown } from '../markdown/markdown.js';
import type { PendingTurn } from './pending-turn.js';

/**
 * Sending a message and its variants (retry a model load; regenerate and edit are in answer-actions/). The typed text
 * and attached files are given back whenever the message never reached the agent.
 */
export class SendController implements ReactiveController {
  #resolving = false;
  #firstUpdate = true;
  #lastMessage: string | undefined;
  /** The message being sent or run now. */
  #inFlight: string | undefined;
  readonly #d: SendDeps;

  constructor(deps: SendDeps) {
    this.#d = deps;
    deps.host.addController(this);
  }

  hostUpdated(): void {
    if (!this.#firstUpdate) return;
    this.#firstUpdate = false;
    // Back from a redirect sign-in (the popup was blocked): finish it and send the message that waited.
    const servers = this.#d.host.mcpServers;
    if (Array.isArray(servers) && servers.some((server) => server.auth))
      void import('./mcp-returned.js')
        .then((chunk) => chunk.resumeAfterSignIn(this.#d, (message) => this.send(message)))
        .catch(this.#d.fail);
    // A run the last page left in flight (a reload) is picked up, a paused one asks again (issue 42).
    if (mayHaveInFlight())
      void import('./resume/resume-run.js')
        .then((chunk) => chunk.resumeAfterReload(this.#d, (message) => this.send(message)))
        .catch(this.#d.fail);
  }

  /**
   * Sends `text` (default: the text box) as the next user message. `fromApp`: a message an MCP App sent
   * with the visitor's yes (already labelled as the app's): it takes none of the visitor's attached files
   * and never touches the text box, so what the visitor is typing stays theirs.
   */
  async send(text = this.#d.input()?.value ?? '', options: { fromApp?: boolean } = {}): Promise<void> {
    const { run, attachments, conversations } = this.#d;
    const input = this.#d.input();
    if (!input || run.status === 'running' || this.#resolving) return;
    const message = text.trim();
    if (!message) return;
    // Sent while the last visit's conversation is still being restored (a visitor quick after a reload): the
    // message continues that conversation once it is shown, rather than being replaced by it.
    this.#resolving = true;
    try {
      await conversations.restored;
    } finally {
      this.#resolving = false;
    }
    // Attached files go into the conversation's attachment cache before the run, so the model can read
    // them; a new conversation gets its id now for that.
    const files = options.fromApp ? [] : attachments.files.take();
    if (files.length && !run.conversationId) run.conversationId = `conv_${crypto.randomUUID()}`;
    const full = withAttachmentNote(message, files);
    this.#inFlight = full;
    try {
      await this.#sendNow(text, full, files, !options.fromApp);
    } finally {
      this.#inFlight = undefined;
    }
  }

  /**
   * The message that waits now (at the Connect prompt or in its run) and its conversation: what a
   * redirect sign-in keeps, so the page can send it again when it comes back.
   */
  get pendingTurn(): PendingTurn | undefined {
    const message = this.#inFlight;
    if (message === undefined) return undefined;
    const conversationId = this.#d.run.conversationId;
    return conversationId ? { conversationId, message } : { message };
  }

  async #sendNow(text: string, full: string, files: File[], typed: boolean): Promise<void> {
    const { run, attachments, conversations } = this.#d;
    const input = this.#d.input();
    if (!input) return;
    let agent: ChatAgent;
    let images: ImageInput[];
    // Connecting MCP servers or reading files takes a moment: a second Enter must not send twice.
    this.#resolving = true;
    try {
      images = await attachments.ingest(files, run.conversationId ?? '');
      agent = await this.#d.source.resolve(conversations.store, await this.#d.extraTools());
    } catch (error) {
      attachments.files.restore(files);
      this.#d.fail(error);
      return;
    } finally {
      this.#resolving = false;
    }
    if (typed && input.value === text) input.value = '';
    this.#d.scroll.follow();
    this.#lastMessage = full;
    preloadMarkdown();
    const outcome = await run.send(agent, full, images);
    const named = run.conversationId;
    if (this.#d.host.titleMode === 'model' && named && run.status !== 'running')
      void import('../conversations/model-title.js')
        .then((chunk) => chunk.nameByModel(agent, named))
        .then((renamed) => renamed && conversations.sync());
    // Follow-up questions, only after an answer that completed (not an error, an approval or a question).
    if (this.#d.host.suggestions && named && outcome === 'completed' && !run.error)
      void import('../answers/suggestions/suggestions.js').then((chunk) =>
        chunk.suggest(agent, named, {
          host: this.#d.host,
          transcript: () => run.transcript,
          running: () => run.status === 'running',
          send: (question) => void this.send(question),
        }),
      );
    // The message never reached the agent: give the user their text and files back instead of losing them.
    if (outcome === 'not-started') {
      if (typed && input.value === '') input.value = text;
      attachments.files.restore(files);
    }
    conversations.sync();
  }

  /** After a retryable error (part `error-retry`): the failed turn leaves the history, its question is asked again. */
  readonly retryFailed = async (): Promise<void> => {
    const { conversations, run, fail } = this.#d;
    const text = await import('../answers/actions/retry-failed.js')
      .then((chunk) => chunk.dropFailedTurn(conversations.store, run))
      .catch((error: unknown) => void fail(error));
    if (text !== undefined) await this.send(text);
  };

  /** Sends the last message again (after a model download was cancelled or failed). */
  readonly retry = (): void => {
    if (this.#lastMessage) void this.send(this.#lastMessage);
  };

  /** Enter sends; Shift+Enter and IME composition do not. */
  readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    void this.send();
  };

  readonly onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    void this.send();
  };
}

/**
 * Whether a page left a run in flight or paused (shared/in-flight-store.ts and conversations/checkpoint-marks.ts
 * mark them in localStorage): only then is the resume chunk loaded. Storage that cannot be read says maybe.
 */
function mayHaveInFlight(): boolean {
  try {
    // The marks' prefix, as shared/in-flight-store.ts and conversations/checkpoint-marks.ts write it (imported,
    // they would pull those modules in here): a run in flight, a paused run.
    return Object.keys(localStorage).some((key) => key.startsWith('agent-chat-resume:'));
  } catch {
    return true;
  }
}
