import type { ChatAgent, ConversationStore } from '@agent-chat/core';
import { nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import type { AgentChatStrings } from '../i18n/strings.js';
import type { RunState } from '../shared/run-state.js';
import { lastConversation } from '../shared/widget-config.js';
import { databaseName, defaultStore } from './default-store.js';
import { transcriptFromMessages } from './history.js';
import type { ConversationListDeps, ListState } from './list/conversation-list-deps.js';

export type { ListState } from './list/conversation-list-deps.js';

/** What the conversations controller needs from its element. */
export interface ConversationsHost extends ReactiveElement {
  agent: ChatAgent | undefined;
  store: ConversationStore | undefined;
  conversationId: string | undefined;
}

type ListChunk = typeof import('./list/conversation-list.js');

/**
 * The element's conversations: which store holds them, the one shown (restored after a reload), the
 * list panel (open, rename, delete, export).
 */
export class ConversationsController implements ReactiveController {
  #list: ListState = { open: false, items: [] };
  /** The list panel: a lazy chunk, loaded the first time the list is opened (not on the first-chat path). */
  #view: Promise<ListChunk> | undefined;
  #renderList: ListChunk['renderConversationList'] | undefined;
  #defaultStore: ConversationStore | undefined;
  #restoring: Promise<void> = Promise.resolve();
  readonly #host: ConversationsHost;
  readonly #run: RunState;
  readonly #fail: (error: unknown) => void;
  readonly #focus: () => void;
  readonly #exportRunLog: (id: string) => void;

  constructor({
    host,
    run,
    fail,
    focus,
    exportRunLog,
  }: {
    host: ConversationsHost;
    run: RunState;
    fail: (error: unknown) => void;
    focus: () => void;
    /** Downloads a conversation's run log (JSONL). */
    exportRunLog: (id: string) => void;
  }) {
    this.#host = host;
    this.#run = run;
    this.#fail = fail;
    this.#focus = focus;
    this.#exportRunLog = exportRunLog;
    host.addController(this);
  }

  /** The store conversations are listed from and kept in. */
  get store(): ConversationStore {
    if (this.#host.agent?.store) return this.#host.agent.store;
    if (this.#host.store) return this.#host.store;
    // Created on first use (not in the constructor): the element's id names its database.
    this.#defaultStore ??= defaultStore(databaseName(this.#host), (error) =>
      // Chatting still works; only keeping conversations across reloads does not, so no banner.
      console.warn(
        '<agent-chat>: conversations are kept in memory only (IndexedDB could not be used):',
        error,
      ),
    );
    return this.#defaultStore;
  }

  get listOpen(): boolean {
    return this.#list.open;
  }

  hostConnected(): void {
    this.restore();
  }

  /** Shows the conversation of the last visit (or the one named by conversation-id) again. */
  restore(): void {
    const id = this.#host.conversationId ?? lastConversation.get(this.#host);
    if (id && !this.#run.transcript.length && this.#run.status === 'idle')
      this.#restoring = this.open(id).catch(this.#fail);
  }

  /** Settles when the conversation being restored is shown (at once when none is). */
  get restored(): Promise<void> {
    return this.#restoring;
  }

  /** A run started in conversation `id`: remember it for the next visit. */
  started(id: string): void {
    this.#host.conversationId = id;
    lastConversation.set(this.#host, id);
  }

  /** Shows a stored conversation (or a new, empty one when `id` is undefined). */
  async open(id: string | undefined): Promise<void> {
    if (id === this.#run.conversationId && this.#run.transcript.length) return;
    const messages = id ? await this.store.load(id) : [];
    if (id && !messages.length) {
      // Not in this store (or not yet: .agent may bring the real store later). The next message starts
      // the conversation under this id; what is shown and remembered stays.
      if (!this.#run.transcript.length && this.#run.status === 'idle') this.#run.reset([], id);
      return;
    }
    this.#run.reset(id ? transcriptFromMessages(id, messages) : [], id);
    this.#host.conversationId = id;
    lastConversation.set(this.#host, id);
  }

  /** A message was sent: an open list shows its (new) conversation. */
  sync(): void {
    if (this.#list.open) void this.#refreshList();
  }

  readonly toggle = (): void => {
    this.#setList({ open: !this.#list.open });
    if (this.#list.open) void this.#refreshList();
  };

  /** Starts a new, empty conversation (header and list). */
  readonly create = (): void => void this.open(undefined).then(this.#focus);

  /** What the list panel (a lazy chunk) works with. */
  get listDeps(): ConversationListDeps {
    return {
      store: this.store,
      host: this.#host,
      currentId: () => this.#run.conversationId,
      open: (id) => void this.open(id).then(this.#focus),
      create: this.create,
      openEmpty: () => this.open(undefined),
      fail: this.#fail,
      exportRunLog: this.#exportRunLog,
      patch: (patch) => this.#setList(patch),
      refresh: () => this.#refreshList(),
      renaming: () => this.#list.renaming,
      query: () => this.#list.query ?? '',
    };
  }

  /** The list panel, when open. */
  render(strings: AgentChatStrings): TemplateResult | typeof nothing {
    if (!this.#list.open || !this.#renderList) return nothing;
    return this.#renderList(this.#list.items, this.#list.renaming, strings, this.listDeps);
  }

  async #refreshList(): Promise<void> {
    this.#view ??= import('./list/conversation-list.js');
    const view = await this.#view;
    const query = this.#list.query ?? '';
    const items = await view.listItems(this.store, query);
    // A later search may have started meanwhile: only the newest one is shown.
    if (query !== (this.#list.query ?? '')) return;
    this.#renderList = view.renderConversationList;
    this.#setList({ items });
  }

  #setList(patch: Partial<ListState>): void {
    this.#list = { ...this.#list, ...patch };
    this.#host.requestUpdate();
  }
}
