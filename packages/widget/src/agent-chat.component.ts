import type { AgentEvent, Tool } from '@agent-chat/core';
import { html, nothing, type PropertyValues } from 'lit';
import { AccountsController } from './accounts-controller.js';
import { AgentChatAttributes } from './agent-chat.attributes.js';
import { agentChatStyles } from './agent-chat.styles.js';
import { AgentSource } from './agent-source.js';
import { ATTACHED_NOTE } from './attachments.js';
import { AttachmentsController } from './attachments-controller.js';
import { renderComposer, renderRedo } from './composer-view.js';
import { ConversationsController } from './conversations-controller.js';
import { databaseName } from './default-store.js';
import { ExtrasLoader } from './extras-loader.js';
import { renderHeader } from './header-view.js';
import { ItemView } from './item-view.js';
import { KnowledgeController } from './knowledge-controller.js';
import { LimitNotice } from './limit-notice.js';
import { nextFrame } from './next-frame.js';
import { PendingRequestsController } from './pending-requests.js';
import { RunController } from './run-controller.js';
import { emitFailure, emitRunEvent } from './run-events.js';
import { ScrollFollowController } from './scroll-follow.js';
import { SendController } from './send-controller.js';
import { type AgentChatStrings, resolveStrings, stringsReady } from './strings.js';
import type { ViewContext } from './view-context.js';

/**
 * `<agent-chat>`: a chat that runs an agent-chat agent in the page and shows each step as it happens.
 * Configure it with attributes — `proxy-url` and `model` (the model is reached through the agent-chat
 * proxy), `knowledge`, `embedder`, `memory`, `workflows`, `clarify`, `reflect`, `token-url` — and WebMCP page tools,
 * or give it an agent built in JS through the `.agent` property.
 *
 * @tagname agent-chat
 * @example
 * <agent-chat proxy-url="https://my-proxy.workers.dev" model="gpt-4o-mini"></agent-chat>
 *
 * @event agent-chat-message - A message was sent or an answer finished; `detail: { role, text, conversationId }`.
 * @event agent-chat-run-start - A run started; `detail: { runId, conversationId }`.
 * @event agent-chat-run-finish - A run ended; `detail: { runId, status, turns }`.
 * @event agent-chat-error - A run or configuration error; `detail: { code, message, retryable }`.
 * @event agent-chat-remote - With `agent-url`: an AI SDK `data-*` part or an AG-UI state change; `detail: { kind, … }`.
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
 * @csspart empty-answer - Says the model gave no answer (e.g. it only thought), in place of the answer.
 * @csspart interrupted - After a partial answer whose stream was cut and not finished by the retry.
 * @csspart reasoning - What a reasoning model thought before an answer (`<details>`): open while it thinks, then collapsed.
 * @csspart reasoning-summary - "Thinking…", then "Thought for 2.4 s".
 * @csspart stage - Each tool call (`<details>`); `data-status` is `running`, `done` or `failed`, `data-tool` the tool.
 * @csspart stage-summary - The always-visible line of a stage: "Using X" / "Used X" / "X failed", status, duration.
 * @csspart stage-progress - The progress bar of a running tool (`tool.progress`).
 * @csspart stage-tools-loaded - A `load_tools` stage of lazily loaded MCP tools: which tools were loaded, and when.
 * @csspart workflow - A workflow plan (`<details>`); `data-status` is `running`, `done`, `partial` or `failed`.
 * @csspart workflow-summary - The plan's goal, status and duration.
 * @csspart workflow-batch - A group of steps; `data-parallel="true"` when its steps run in parallel.
 * @csspart workflow-step - One step; `data-step` is its id, `data-status` its status.
 * @csspart content-text - Text from a tool.
 * @csspart content-markdown - Markdown from a tool (sanitized).
 * @csspart content-image - An image from a tool.
 * @csspart content-figure - An image with its Open / Download links.
 * @csspart image-open - Opens a raster image full size in a new tab.
 * @csspart image-download - Downloads an image.
 * @csspart stage-code - The code of a `python` stage, highlighted.
 * @csspart stage-output - What a `python` stage printed, spacing kept.
 * @csspart content-audio - Audio from a tool.
 * @csspart content-table - A table from a tool.
 * @csspart content-chart - A chart from a tool (SVG).
 * @csspart content-json - A JSON viewer (nested `<details>`).
 * @csspart content-resource - A resource (file) from a tool or MCP server.
 * @csspart content-html - An MCP-App style widget, in a sandboxed iframe.
 * @csspart clarify - A question from the agent or an MCP server (`<form>`); `data-state` is `pending` or `answered`.
 * @csspart form-submit - The submit button of a question.
 * @csspart approval - An approval request; `data-state` is `pending`, `approved` or `denied`.
 * @csspart sign-in - An MCP server that needs the user's sign-in (before a message, or in a call); `data-server` names it.
 * @csspart connect - Its "Connect <server>" button (opens the sign-in popup).
 * @csspart not-now - Goes on without that server (a call asking for sign-in ends with a message to the model).
 * @csspart accounts-toggle - Opens the connected-accounts menu (shown when a server has `"auth": true`).
 * @csspart accounts - The connected-accounts menu.
 * @csspart account - One server in it; `data-server` names it, `data-signed-in` is `true` or `false`.
 * @csspart sign-out - Signs out of that server (its tokens are revoked where supported, then deleted).
 * @csspart close-accounts - Closes the accounts menu.
 * @csspart approve - The Approve button.
 * @csspart deny - The Deny button.
 * @csspart model-progress - A local model's download / compile progress (also the `embedder` model's); `data-phase`, `data-state`.
 * @csspart model-cancel - Cancels the model download.
 * @csspart model-retry - Starts the model download again.
 * @csspart model-notice - Which model answers and why (e.g. the remote fallback).
 * @csspart notice - The "how to configure" message shown while nothing is configured.
 * @csspart limit-notice - Says that a rate limit was hit or the credits are spent, and when they reset (`role="status"`).
 * @csspart knowledge-notice - The `knowledge` documents that could not be indexed, each naming why.
 * @csspart export-run-log - Downloads a conversation's run log as JSONL (in the conversation list).
 * @csspart error - The error message (`role="alert"`).
 * @slot turnstile - Where the Turnstile check of `turnstile-site-key` is rendered while it runs.
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
 * @cssprop --agent-chat-height - Height of the chat; default 32rem (the launcher's panel: 36rem).
 */
export class AgentChatElement extends AgentChatAttributes {
  static override styles = agentChatStyles;

  readonly #run = new RunController(this, (event) => this.#onAgentEvent(event));
  readonly #limit = new LimitNotice(this);
  readonly #view = new ItemView();
  readonly #fail = (error: unknown): void => {
    this.#run.fail(error);
    emitFailure(this, error, this.#run.error ?? String(error));
  };
  readonly #input = (): HTMLTextAreaElement | null => this.renderRoot.querySelector('textarea#input');
  readonly #focus = (): void => this.#input()?.focus();
  readonly #conversations = new ConversationsController(
    this,
    this.#run,
    this.#fail,
    this.#focus,
    (id) => void this.#source.downloadRunLog(id).catch(this.#fail),
  );
  readonly #knowledge = new KnowledgeController(
    this,
    () => `${databaseName(this)}:knowledge`,
    () => this.#run.conversationId,
    () => this.#run.transcript.some((item) => item.kind === 'user' && item.text.includes(ATTACHED_NOTE)),
  );
  readonly #attachments = new AttachmentsController(this, this.#knowledge, this.#fail, this.#focus);
  readonly #accounts = new AccountsController(this);
  readonly #source = new AgentSource(
    this,
    () => this.#attachments.files.sent.map((file) => ({ name: file.name, data: file })),
    (hub) => this.#accounts.gate(hub),
    (): unknown => this.#send.pendingTurn,
  );
  readonly #scroll = new ScrollFollowController(this, () =>
    this.renderRoot.querySelector<HTMLElement>('[part~="log"]'),
  );
  readonly #send = new SendController({
    host: this,
    run: this.#run,
    source: this.#source,
    conversations: this.#conversations,
    attachments: this.#attachments,
    scroll: this.#scroll,
    extraTools: () => this.#knowledge.tools(),
    input: this.#input,
    fail: this.#fail,
  });
  readonly #extras = new ExtrasLoader(this, () => this.#run.transcript);
  readonly #requests = new PendingRequestsController(this, {
    run: this.#run,
    source: this.#source,
    fail: this.#fail,
    focus: this.#focus,
    cannotRespond: () => this.#strings.cannotRespond,
  });

  /** The `read_attachment` tool over the files the user attached. Agents built from the attributes have
   * it; add it to the tools of an agent you build yourself to let it read attachments. */
  get attachmentTool(): Tool {
    return this.#attachments.tool;
  }

  /** Opens the chat of `mode="launcher"` or `"panel"` (no-op inline); resolves once it is shown. */
  open = (): Promise<void> => this.#extras.call('open');
  /** Closes it; focus returns to the launcher. */
  close = (): Promise<void> => this.#extras.call('close');
  /** Opens it when closed, closes it when open. */
  toggle = (): Promise<void> => this.#extras.call('toggle');

  get #strings(): AgentChatStrings {
    return resolveStrings(this.lang, this.strings);
  }

  #onAgentEvent(event: AgentEvent): void {
    const conversationId = this.#run.conversationId;
    if (event.type === 'run.start') {
      this.#conversations.started(event.conversationId);
      this.#source.runStarted(event.runId, event.conversationId);
    }
    emitRunEvent(this, event, conversationId);
    this.#limit.onEvent(event);
    if (event.type === 'model.loading' && event.phase === 'download' && event.totalBytes)
      this.#view.checkStorage(event, this.#strings, () => this.requestUpdate());
  }

  #cancelModel = (): void => {
    this.#view.cancelModelLoads(this.#run.transcript);
    this.#run.stop();
    this.requestUpdate();
  };

  #onStop = (): void => {
    this.#run.stop();
    this.#extras.voice?.stop();
    this.#focus();
  };

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('conversationId') && this.conversationId !== this.#run.conversationId && this.hasUpdated)
      void this.#conversations.open(this.conversationId).catch(this.#fail);
    // Script-tag pages usually set .agent (and its store) after the element is connected: look again.
    if ((changed.has('agent') || changed.has('store')) && this.isConnected) this.#conversations.restore();
    if (changed.has('mcpServers') || changed.has('proxyUrl')) this.#source.stopMcp();
  }

  /**
   * While a run streams, render at most once per frame: tokens arrive faster than frames, and rendering
   * per token would fall behind and then render many times in one task (a long task).
   */
  protected override async scheduleUpdate(): Promise<void> {
    if (this.#run.status === 'running') await nextFrame();
    const texts = stringsReady(this.lang);
    if (texts) await texts;
    super.scheduleUpdate();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#view.prune(this.#run.transcript);
  }

  protected override render(): unknown {
    const run = this.#run;
    const strings = this.#strings;
    const running = run.status === 'running';
    const configured = Boolean(this.agent || this.proxyUrl || this.agentUrl);
    const ctx: ViewContext = {
      strings,
      running,
      autoCollapse: this.autoCollapse,
      items: run.transcript,
      rerender: () => this.requestUpdate(),
      answer: this.#requests.answer,
      decide: this.#requests.decide,
      cancelModel: this.#cancelModel,
      retryModel: this.#send.retry,
      readAloud: this.#extras.voice?.renderReadAloud.bind(this.#extras.voice),
      mcpApps: { source: this.#source, sender: this.#send, run: this.#run },
      renderSignIn: (item) => this.#accounts.renderConnect(item, strings, this.lang, this.#requests.answer),
    };
    return this.#extras.frame(html`<div part="frame" class="frame">
      ${renderHeader(strings, this.#conversations, this.#accounts.renderToggle(this.mcpServers, strings, this.lang))}
      ${this.#conversations.render(strings)}
      ${this.#accounts.render(strings, this.lang)}
      ${this.#knowledge.render(strings)}
      ${configured ? nothing : html`<p part="notice" id="notice" class="notice">${strings.notConfigured}</p>`}
      <div part="log" class="log" role="log" aria-live="polite" aria-label=${strings.conversation}
        @scroll=${this.#scroll.onScroll}>${this.#view.render(ctx)}</div>
      <slot name="turnstile"></slot>
      ${this.#limit.render(run.errorEvent)}
      ${run.error ? html`<div part="error" class="error" role="alert">${run.error}</div>` : nothing}
      ${run.errorEvent?.retryable && !running ? html`<button type="button" part="error-retry" @click=${this.#send.regenerate}>${strings.retry}</button>` : nothing}
      ${!running && run.transcript.some((i) => i.kind === 'assistant') && run.conversationId ? renderRedo(strings, this.#send.regenerate, this.#send.editLast) : nothing}
      ${this.#attachments.render(strings)}
      ${this.#extras.voice?.renderNotice()}
      ${renderComposer({
        strings,
        running,
        configured,
        submit: this.#send.onSubmit,
        keydown: this.#send.onKeydown,
        stop: this.#onStop,
        picked: this.#attachments.onPicked,
        attach: () => this.renderRoot.querySelector<HTMLInputElement>('#file')?.click(),
        mic: this.#extras.voice?.renderMic(),
      })}
    </div>`);
  }
}
