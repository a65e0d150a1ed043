import type { Agent, AgentEvent, ConversationStore, ConversationSummary, Tool } from '@agent-chat/core';
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { agentChatStyles } from './agent-chat.styles.js';
import { Attachments } from './attachments.js';
import { type ConversationActions, renderConversations } from './conversations-view.js';
import { databaseName, defaultStore } from './default-store.js';
import { emit } from './events.js';
import { downloadConversation, dropLastTurn, transcriptFromMessages } from './history.js';
import { ItemView } from './item-view.js';
import { preloadMarkdown } from './markdown.js';
import { McpConnection } from './mcp-connection.js';
import type { PageTool } from './page-tools.js';
import { createProxyAgent, type ProxyAgentOptions } from './proxy-agent.js';
import { RunController } from './run-controller.js';
import { type AgentChatStrings, format, resolveStrings } from './strings.js';
import type { ApprovalItem, ClarifyItem, TranscriptItem } from './transcript.js';
import { formatBytes, type ViewContext } from './view-context.js';
import { checkProvider, lastConversation, type McpServerConfig, parseMcpServers } from './widget-config.js';

/** An agent that takes answers to `clarify.request` / `approval.request`: core's `Agent` does. */
export type RespondingAgent = Agent;

/**
 * `<agent-chat>`: a chat that runs an agent-chat agent in the page and shows each step as it happens.
 * Configure it with the `proxy-url` and `model` attributes (the model is reached through the agent-chat
 * proxy), or give it an agent built in JS through the `.agent` property.
 *
 * @tagname agent-chat
 * @example
 * <agent-chat proxy-url="https://my-proxy.workers.dev" model="gpt-4o-mini"></agent-chat>
 *
 * @event agent-chat-message - A message was sent or an answer finished; `detail: { role, text, conversationId }`.
 * @event agent-chat-run-start - A run started; `detail: { runId, conversationId }`.
 * @event agent-chat-run-finish - A run ended; `detail: { runId, status, turns }`.
 * @event agent-chat-error - A run or configuration error; `detail: { code, message, retryable }`.
 *
 * @csspart frame - The box inside the element that lays out header, log and composer.
 * @csspart header - The bar with the conversation buttons.
 * @csspart conversations-toggle - The button that shows the conversation list.
 * @csspart new-conversation - The "New conversation" buttons (header and list).
 * @csspart close-conversations - The button that hides the conversation list.
 * @csspart conversations - The conversation list (`<nav>`).
 * @csspart conversation - One entry of the list; `data-id` is its id, `aria-current` marks the open one.
 * @csspart log - The message list (`role="log"`, `aria-live="polite"`).
 * @csspart message - Each message.
 * @csspart message-user - A message the user sent.
 * @csspart message-assistant - An answer (sanitized Markdown).
 * @csspart stage - Each tool call (`<details>`); `data-status` is `running`, `done` or `failed`, `data-tool` the tool.
 * @csspart stage-summary - The always-visible line of a stage: "Using X" / "Used X" / "X failed", status, duration.
 * @csspart stage-progress - The progress bar of a running tool (`tool.progress`).
 * @csspart workflow - A workflow plan (`<details>`); `data-status` is `running`, `done`, `partial` or `failed`.
 * @csspart workflow-summary - The plan's goal, status and duration.
 * @csspart workflow-batch - A group of steps; `data-parallel="true"` when its steps run in parallel.
 * @csspart workflow-step - One step; `data-step` is its id, `data-status` its status.
 * @csspart content-text - Text from a tool.
 * @csspart content-markdown - Markdown from a tool (sanitized).
 * @csspart content-image - An image from a tool.
 * @csspart content-audio - Audio from a tool.
 * @csspart content-table - A table from a tool.
 * @csspart content-chart - A chart from a tool (SVG).
 * @csspart content-json - A JSON viewer (nested `<details>`).
 * @csspart content-resource - A resource (file) from a tool or MCP server.
 * @csspart content-html - An MCP-App style widget, in a sandboxed iframe.
 * @csspart clarify - A question from the agent or an MCP server (`<form>`); `data-state` is `pending` or `answered`.
 * @csspart form-submit - The submit button of a question.
 * @csspart approval - An approval request; `data-state` is `pending`, `approved` or `denied`.
 * @csspart approve - The Approve button.
 * @csspart deny - The Deny button.
 * @csspart model-progress - A local model's download / compile progress; `data-phase`, `data-state`.
 * @csspart model-cancel - Cancels the model download.
 * @csspart model-retry - Starts the model download again.
 * @csspart model-notice - Which model answers and why (e.g. the remote fallback).
 * @csspart notice - The "how to configure" message shown while nothing is configured.
 * @csspart error - The error message (`role="alert"`).
 * @csspart regenerate - Asks the last question again (the old answer leaves the history).
 * @csspart edit - Puts the last message back into the text box (the last turn leaves the history).
 * @csspart attachment - An attached file waiting to be sent, with its remove button.
 * @csspart composer - The form holding the input and the buttons.
 * @csspart attach - The button that picks files to attach (files can also be dropped on the chat).
 * @csspart input - The message text box.
 * @csspart send - The send button.
 * @csspart stop - The stop button, shown while a run is in progress.
 *
 * @cssprop --agent-chat-font - Font of the whole chat; default `system-ui, sans-serif`.
 * @cssprop --agent-chat-font-size - Base font size; default `15px`.
 * @cssprop --agent-chat-color - Text colour.
 * @cssprop --agent-chat-background - Background of the chat.
 * @cssprop --agent-chat-surface - Background of answers, stages and forms.
 * @cssprop --agent-chat-accent - Accent colour: user messages, send button, focus ring.
 * @cssprop --agent-chat-accent-text - Text colour on the accent colour.
 * @cssprop --agent-chat-border - Border colour of the chat, messages and stages.
 * @cssprop --agent-chat-muted - Colour of secondary text.
 * @cssprop --agent-chat-success - Colour of finished stages.
 * @cssprop --agent-chat-error - Colour of errors and failed stages.
 * @cssprop --agent-chat-code-background - Background of code blocks.
 * @cssprop --agent-chat-code-keyword - Highlighted keywords in code blocks.
 * @cssprop --agent-chat-code-string - Highlighted strings in code blocks.
 * @cssprop --agent-chat-code-number - Highlighted numbers, booleans and classes in code blocks.
 * @cssprop --agent-chat-code-function - Highlighted function names in code blocks.
 * @cssprop --agent-chat-code-comment - Highlighted comments in code blocks.
 * @cssprop --agent-chat-radius - Corner radius.
 * @cssprop --agent-chat-height - Height of the chat; default 32rem.
 */
export class AgentChatElement extends LitElement {
  static override styles = agentChatStyles;

  static override properties = {
    proxyUrl: { type: String, attribute: 'proxy-url' },
    provider: { type: String },
    model: { type: String },
    systemPrompt: { type: String, attribute: 'system-prompt' },
    mcpServers: { attribute: 'mcp-servers', converter: { fromAttribute: parseMcpServersSafe } },
    conversationId: { type: String, attribute: 'conversation-id' },
    theme: { type: String, reflect: true },
    lang: { type: String },
    autoCollapse: {
      attribute: 'auto-collapse',
      converter: { fromAttribute: (value: string | null) => value !== 'false' },
    },
    strings: { attribute: false },
    tools: { attribute: false },
    agent: { attribute: false },
    store: { attribute: false },
  };

  /** Origin of the agent-chat proxy (attribute `proxy-url`); the model endpoint is `${proxyUrl}/v1`. */
  declare proxyUrl: string | undefined;
  /** Provider behind the proxy (attribute `provider`); `openai` (any OpenAI-compatible API) for now. */
  declare provider: string | undefined;
  /** Model name the proxy allows, e.g. `gpt-4o-mini` (attribute `model`). */
  declare model: string | undefined;
  /** Instructions sent with every model call, never stored in the conversation (attribute `system-prompt`). */
  declare systemPrompt: string | undefined;
  /** MCP servers reached through the proxy (attribute `mcp-servers`, JSON `[{"id":"…"}]`). */
  declare mcpServers: McpServerConfig[] | Error | undefined;
  /** The conversation shown and continued (attribute `conversation-id`); restored after a reload. */
  declare conversationId: string | undefined;
  /** `light`, `dark` or `auto` (default: follows `prefers-color-scheme`). */
  declare theme: 'light' | 'dark' | 'auto' | undefined;
  /** Language of the built-in strings (`en`, `fr`, `de`); others fall back to English. */
  declare lang: string;
  /** Close each stage when its tool call ends (attribute `auto-collapse="false"` keeps them open). */
  declare autoCollapse: boolean;
  /** Overrides for any of the texts shown, e.g. `{ send: 'Go' }`. */
  declare strings: Partial<AgentChatStrings> | undefined;
  /**
   * Tools of the page the model may call: made with `defineTool`, or plain `{ name, description,
   * parameters, execute }` objects. Assign a new array to change them; used from the next message on.
   */
  declare tools: readonly PageTool[];
  /** An agent built in JS with `createAgent`; when set, it is used and the attributes are ignored. */
  declare agent: RespondingAgent | undefined;
  /**
   * Where conversations are kept when the agent is built from attributes; default IndexedDB (database
   * `agent-chat`, or `agent-chat:<id>` for an element with an id), in memory where IndexedDB is unavailable.
   */
  declare store: ConversationStore | undefined;

  #list: ListState = { open: false, items: [] };
  readonly #run = new RunController(this, (event) => this.#onAgentEvent(event));
  readonly #view = new ItemView();
  #defaultStore: ConversationStore | undefined;
  readonly #attachments = new Attachments();
  /** `read_attachment` joins the tools once something was attached: no extra tool in every request before. */
  readonly #attachmentTools = [this.#attachments.tool];
  #proxyAgent: { agent: Agent; options: ProxyAgentOptions } | undefined;
  readonly #mcp = new McpConnection();
  #resolving = false;
  #stickToBottom = true;
  #lastScrollTop = 0;
  #scrollAfterSend = false;
  #focusedForms = new Set<string>();
  #lastMessage: string | undefined;

  constructor() {
    super();
    this.tools = [];
    this.autoCollapse = true;
    // Files dropped anywhere on the chat are attached to the next message.
    this.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    this.addEventListener('drop', (event) => {
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      void this.#attach(event.dataTransfer.files);
    });
  }

  /**
   * The `read_attachment` tool over the files the user attached. Agents built from the attributes have it;
   * add it to the tools of an agent you build yourself to let it read attachments.
   */
  get attachmentTool(): Tool {
    return this.#attachments.tool;
  }

  get #strings(): AgentChatStrings {
    return resolveStrings(this.lang, this.strings);
  }

  /** The store conversations are listed from and kept in. */
  get #store(): ConversationStore {
    if (this.agent?.store) return this.agent.store;
    if (this.store) return this.store;
    // Created on first use (not in the constructor): the element's id names its database.
    this.#defaultStore ??= defaultStore(databaseName(this), (error) =>
      // Chatting still works; only keeping conversations across reloads does not, so no banner.
      console.warn(
        '<agent-chat>: conversations are kept in memory only (IndexedDB could not be used):',
        error,
      ),
    );
    return this.#defaultStore;
  }

  /** The agent messages go to: `.agent`, or one built (lazily, again when attributes change) from the attributes. */
  async #resolveAgent(): Promise<Agent> {
    if (this.agent) return this.agent;
    checkProvider(this.provider);
    if (this.mcpServers instanceof Error) throw this.mcpServers;
    const mcp = await this.#mcp.get(
      this.proxyUrl,
      this.model,
      this.mcpServers instanceof Error ? [] : (this.mcpServers ?? []),
    );
    const options: ProxyAgentOptions = {
      proxyUrl: this.proxyUrl,
      model: this.model,
      systemPrompt: this.systemPrompt,
      tools: this.tools,
      extraTools: this.#attachments.used ? this.#attachmentTools : NO_TOOLS,
      store: this.#store,
      mcp,
    };
    const built = this.#proxyAgent;
    if (
      built &&
      (Object.keys(options) as (keyof ProxyAgentOptions)[]).every(
        (key) => built.options[key] === options[key],
      )
    )
      return built.agent;
    const agent = createProxyAgent(options);
    this.#proxyAgent = { agent, options };
    return agent;
  }

  get #input(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea#input');
  }

  /** Sends `text` (default: the text box) as the next user message. */
  async #send(text = this.#input?.value ?? ''): Promise<void> {
    const input = this.#input;
    if (!input || this.#run.status === 'running' || this.#resolving) return;
    const message = text.trim();
    if (!message) return;
    // Attachments first: the agent built from attributes gets read_attachment once a file is sent.
    const attached = this.#attachments.pending.map((a) => a.name);
    const full = this.#attachments.takeInto(message);
    let agent: Agent;
    // Connecting MCP servers takes a moment: a second Enter meanwhile must not send the message twice.
    this.#resolving = true;
    try {
      agent = await this.#resolveAgent();
    } catch (error) {
      this.#attachments.restore(attached);
      this.#fail(error);
      return;
    } finally {
      this.#resolving = false;
    }
    if (input.value === text) input.value = '';
    this.#scrollAfterSend = true;
    this.#lastMessage = full;
    preloadMarkdown();
    const outcome = await this.#run.send(agent, full);
    // The message never reached the agent: give the user their text and files back instead of losing them.
    if (outcome === 'not-started') {
      if (input.value === '') input.value = text;
      this.#attachments.restore(attached);
    }
    this.#syncConversation();
  }

  #fail(error: unknown): void {
    this.#run.fail(error);
    const code = (error as { code?: unknown })?.code;
    emit(this, 'agent-chat-error', {
      code: typeof code === 'string' ? code : 'CONFIGURATION',
      message: this.#run.error ?? String(error),
      retryable: false,
    });
  }

  #onAgentEvent(event: AgentEvent): void {
    const conversationId = this.#run.conversationId;
    switch (event.type) {
      case 'run.start':
        this.conversationId = event.conversationId;
        lastConversation.set(this, event.conversationId);
        emit(this, 'agent-chat-run-start', { runId: event.runId, conversationId: event.conversationId });
        emit(this, 'agent-chat-message', { role: 'user', text: event.message, conversationId });
        break;
      case 'response.done':
        emit(this, 'agent-chat-message', { role: 'assistant', text: event.text, conversationId });
        break;
      case 'run.finish':
        emit(this, 'agent-chat-run-finish', { runId: event.runId, status: event.status, turns: event.turns });
        break;
      case 'error':
        emit(this, 'agent-chat-error', {
          code: event.code,
          message: event.message,
          retryable: event.retryable,
        });
        break;
      case 'model.loading':
        if (event.phase === 'download' && event.totalBytes) void this.#checkStorage(event);
        break;
    }
  }

  /** Warns before a download that cannot fit in the origin's storage quota. */
  async #checkStorage(event: AgentEvent & { type: 'model.loading' }): Promise<void> {
    const id = `${event.runId}:model:${event.model}`;
    const state = this.#view.modelStates.get(id) ?? { cancelled: false };
    if (state.storageWarning !== undefined || !navigator.storage?.estimate) return;
    state.storageWarning = '';
    this.#view.modelStates.set(id, state);
    const { quota = Infinity, usage = 0 } = await navigator.storage.estimate();
    const needed = (event.totalBytes ?? 0) - (event.loadedBytes ?? 0);
    if (quota - usage >= needed) return;
    state.storageWarning = format(this.#strings.storageLow, {
      model: event.model,
      needed: formatBytes(needed),
      free: formatBytes(Math.max(0, quota - usage)),
    });
    this.requestUpdate();
  }

  async #respond(requestId: string, value: unknown): Promise<void> {
    const agent = this.agent ?? this.#proxyAgent?.agent;
    const respond = (agent as RespondingAgent | undefined)?.respond;
    if (!agent || typeof respond !== 'function') throw new Error(this.#strings.cannotRespond);
    const result = await respond.call(agent, requestId, value);
    // A runtime may continue the paused run in its own generator, or hand back the continued run's events.
    if (!result || typeof (result as AsyncIterable<AgentEvent>)[Symbol.asyncIterator] !== 'function') return;
    const events = result as AsyncIterable<AgentEvent>;
    if (this.#run.status === 'running') await this.#run.feed(events);
    else await this.#run.consume(() => events);
  }

  #answer = (item: ClarifyItem, value: unknown): void => {
    this.#settle(item.id, { state: 'answered' });
    void this.#respond(item.requestId, value).catch((error) => this.#fail(error));
  };

  #decide = (item: ApprovalItem, approved: boolean): void => {
    this.#settle(item.id, { state: approved ? 'approved' : 'denied' });
    void this.#respond(item.requestId, { approved }).catch((error) => this.#fail(error));
  };

  #settle(id: string, patch: Partial<ClarifyItem> | Partial<ApprovalItem>): void {
    this.#run.patch((items) => items.map((i) => (i.id === id ? ({ ...i, ...patch } as TranscriptItem) : i)));
    this.updateComplete.then(() => this.#input?.focus());
  }

  #cancelModel = (): void => {
    for (const item of this.#run.transcript)
      if (item.kind === 'model-load' && item.phase !== 'ready')
        this.#view.modelStates.set(item.id, { ...this.#view.modelStates.get(item.id), cancelled: true });
    this.#run.stop();
    this.requestUpdate();
  };

  #retryModel = (): void => {
    if (this.#lastMessage) void this.#send(this.#lastMessage);
  };

  /** Asks the last question again: the last turn is removed from the store first. */
  async #regenerate(): Promise<void> {
    const text = await this.#dropLastTurn();
    if (text !== undefined) await this.#send(text);
  }

  /** Puts the last message back into the text box to change it; the last turn is removed. */
  async #editLast(): Promise<void> {
    const text = await this.#dropLastTurn();
    const input = this.#input;
    if (text === undefined || !input) return;
    input.value = text;
    input.focus();
  }

  async #dropLastTurn(): Promise<string | undefined> {
    const id = this.#run.conversationId;
    if (!id || this.#run.status === 'running') return undefined;
    try {
      const text = await dropLastTurn(this.#store, id);
      const items = this.#run.transcript;
      const cut = items.findLastIndex((item) => item.kind === 'user');
      this.#run.reset(cut === -1 ? items : items.slice(0, cut), id);
      return text;
    } catch (error) {
      this.#fail(error);
      return undefined;
    }
  }

  /** Shows a stored conversation (or a new, empty one when `id` is undefined). */
  async #open(id: string | undefined): Promise<void> {
    if (id === this.#run.conversationId && this.#run.transcript.length) return;
    const messages = id ? await this.#store.load(id) : [];
    if (id && !messages.length) {
      // Not in this store (or not yet: .agent may bring the real store later). The next message starts
      // the conversation under this id; what is shown and remembered stays.
      if (!this.#run.transcript.length && this.#run.status === 'idle') this.#run.reset([], id);
      return;
    }
    this.#run.reset(id ? transcriptFromMessages(id, messages) : [], id);
    this.conversationId = id;
    lastConversation.set(this, id);
  }

  async #refreshList(): Promise<void> {
    this.#setList({ items: await this.#store.list() });
  }

  #syncConversation(): void {
    if (this.#list.open) void this.#refreshList();
  }

  readonly #actions: ConversationActions = {
    open: (id) => void this.#open(id).then(() => this.#input?.focus()),
    create: () => void this.#open(undefined).then(() => this.#input?.focus()),
    rename: (id) => {
      this.#setList({ renaming: id });
      this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLInputElement>('input.rename')?.select(),
      );
    },
    commitRename: (id, title) => {
      if (this.#list.renaming !== id) return;
      this.#setList({ renaming: undefined });
      if (title?.trim()) void this.#store.rename(id, title.trim()).then(() => this.#refreshList());
    },
    remove: (id) =>
      void this.#store.delete(id).then(async () => {
        if (id === this.#run.conversationId) await this.#open(undefined);
        await this.#refreshList();
      }),
    exportOne: (id) => void downloadConversation(this.#store, id).catch((error) => this.#fail(error)),
    close: () => {
      this.#setList({ open: false });
    },
  };

  #setList(patch: Partial<ListState>): void {
    this.#list = { ...this.#list, ...patch };
    this.requestUpdate();
  }

  #togglePanel(): void {
    this.#setList({ open: !this.#list.open });
    if (this.#list.open) void this.#refreshList();
  }

  async #attach(files: FileList | null | undefined): Promise<void> {
    if (!files?.length) return;
    const errors = await this.#attachments.add(files);
    if (errors.length) this.#fail(new Error(errors.join('\n')));
    this.requestUpdate();
  }

  #onFilePicked(event: Event): void {
    const picker = event.target as HTMLInputElement;
    void this.#attach(picker.files).then(() => {
      picker.value = '';
    });
  }

  #removeAttachment(name: string): void {
    this.#attachments.remove(name);
    this.requestUpdate();
    this.#input?.focus();
  }

  #renderAttachments(strings: AgentChatStrings): TemplateResult | typeof nothing {
    const pending = this.#attachments.pending;
    if (!pending.length) return nothing;
    return html`<ul class="attachments" aria-label=${strings.attach}>
      ${pending.map(
        (a) => html`<li part="attachment">${a.name}
          <button type="button" aria-label=${format(strings.removeAttachment, { name: a.name })}
            @click=${() => this.#removeAttachment(a.name)}>×</button></li>`,
      )}
    </ul>`;
  }

  #onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    void this.#send();
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    void this.#send();
  }

  #onStop(): void {
    this.#run.stop();
    this.#input?.focus();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#restore();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#mcp.stop();
  }

  /** Shows the conversation of the last visit (or the one named by conversation-id) again. */
  #restore(): void {
    const id = this.conversationId ?? lastConversation.get(this);
    if (id && !this.#run.transcript.length && this.#run.status === 'idle')
      void this.#open(id).catch((error) => this.#fail(error));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('conversationId') && this.conversationId !== this.#run.conversationId && this.hasUpdated)
      void this.#open(this.conversationId).catch((error) => this.#fail(error));
    // Script-tag pages usually set .agent (and its store) after the element is connected: look again.
    if ((changed.has('agent') || changed.has('store')) && this.isConnected) this.#restore();
    if (changed.has('mcpServers') || changed.has('proxyUrl')) this.#mcp.stop();
    if (this.#scrollAfterSend) this.#stickToBottom = true;
    this.#scrollAfterSend = false;
  }

  /**
   * While a run streams, render at most once per frame: tokens arrive faster than frames, and rendering
   * per token would fall behind and then render many times in one task (a long task).
   */
  protected override async scheduleUpdate(): Promise<void> {
    if (this.#run.status === 'running') await nextFrame();
    super.scheduleUpdate();
  }

  /** Follow new output only while the reader is at the bottom; scrolling up to read stops it. */
  #onScroll(event: Event): void {
    const log = event.currentTarget as HTMLElement;
    const up = log.scrollTop < this.#lastScrollTop;
    this.#lastScrollTop = log.scrollTop;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 32;
    // Our own scrolling (down) keeps following even if more output arrived in between.
    this.#stickToBottom = atBottom || (!up && this.#stickToBottom);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const log = this.renderRoot.querySelector<HTMLElement>('[part~="log"]');
    if (log && this.#stickToBottom) {
      log.scrollTop = log.scrollHeight;
      this.#lastScrollTop = log.scrollTop;
    }
    this.#focusNewForm();
    this.#view.prune(this.#run.transcript);
  }

  /** A question or approval that just appeared takes the focus, so it can be answered from the keyboard. */
  #focusNewForm(): void {
    const pending = this.#run.transcript.findLast(
      (item) => (item.kind === 'clarify' || item.kind === 'approval') && item.state === 'pending',
    );
    if (!pending || this.#focusedForms.has(pending.id)) return;
    this.#focusedForms.add(pending.id);
    const forms = this.renderRoot.querySelectorAll('[part~="clarify"], [part~="approval"]');
    const form = forms[forms.length - 1];
    form?.querySelector<HTMLElement>('input, textarea, select, button')?.focus();
  }

  protected override render(): TemplateResult {
    const run = this.#run;
    const strings = this.#strings;
    const running = run.status === 'running';
    const configured = Boolean(this.agent || this.proxyUrl);
    const ctx: ViewContext = {
      strings,
      running,
      autoCollapse: this.autoCollapse,
      items: run.transcript,
      rerender: () => this.requestUpdate(),
      answer: this.#answer,
      decide: this.#decide,
      cancelModel: this.#cancelModel,
      retryModel: this.#retryModel,
    };
    const canRedo =
      !running && run.transcript.some((i) => i.kind === 'assistant') && Boolean(run.conversationId);
    return html`<div part="frame" class="frame">
      <div part="header" class="header">
        <button type="button" part="conversations-toggle" aria-expanded=${this.#list.open}
          @click=${this.#togglePanel}>${strings.conversations}</button>
        <button type="button" part="new-conversation" @click=${this.#actions.create}>${strings.newConversation}</button>
      </div>
      ${this.#list.open ? renderConversations(this.#list.items, run.conversationId, this.#list.renaming, strings, this.#actions) : nothing}
      ${configured ? nothing : html`<p part="notice" id="notice" class="notice">${strings.notConfigured}</p>`}
      <div part="log" class="log" role="log" aria-live="polite" aria-label=${strings.conversation}
        @scroll=${this.#onScroll}>
        ${this.#view.render(ctx)}
      </div>
      ${run.error ? html`<div part="error" class="error" role="alert">${run.error}</div>` : nothing}
      ${
        canRedo
          ? html`<div class="redo">
              <button type="button" part="regenerate" @click=${() => this.#regenerate()}>${strings.regenerate}</button>
              <button type="button" part="edit" @click=${() => this.#editLast()}>${strings.editLast}</button>
            </div>`
          : nothing
      }
      ${this.#renderAttachments(strings)}
      <form part="composer" class="composer" @submit=${this.#onSubmit}>
        <input type="file" id="file" class="visually-hidden" multiple tabindex="-1" aria-hidden="true"
          @change=${this.#onFilePicked} />
        <button type="button" part="attach" class="attach" aria-label=${strings.attach} title=${strings.attach}
          @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#file')?.click()}>+</button>
        <label class="visually-hidden" for="input">${strings.message}</label>
        <textarea id="input" part="input" rows="2" placeholder=${strings.placeholder}
          aria-describedby=${configured ? nothing : 'notice'} @keydown=${this.#onKeydown}></textarea>
        ${running ? html`<button type="button" part="stop" class="stop" @click=${this.#onStop}>${strings.stop}</button>` : nothing}
        <button type="submit" part="send" class="send" ?disabled=${running}>${strings.send}</button>
      </form>
    </div>`;
  }
}

const NO_TOOLS: readonly Tool[] = [];

/** The conversation list: shown or not, its entries, the one being renamed. */
interface ListState {
  open: boolean;
  items: readonly ConversationSummary[];
  renaming?: string;
}

/** The next animation frame, or 100 ms in a background tab where frames do not come. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A bad `mcp-servers` value is kept as its error and reported when the agent is built. */
function parseMcpServersSafe(value: string | null): McpServerConfig[] | Error {
  try {
    return parseMcpServers(value);
  } catch (error) {
    return error as Error;
  }
}
