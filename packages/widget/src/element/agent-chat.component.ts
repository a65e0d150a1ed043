import type { AgentEvent, Tool } from '@agent-chat/core';
import { html, nothing, type PropertyValues } from 'lit';
import { emitRunEvent } from '../agent/run-events.js';
import { suggestionSlots } from '../answers/suggestions/suggestion-slots.js';
import { type AgentChatStrings, resolveStrings, stringsReady } from '../i18n/strings.js';
import type { ViewContext } from '../shared/view-context.js';
import { renderScrollToLatest } from '../transcript/scroll-to-latest/scroll-to-latest-loader.js';
import { renderStartScreen } from '../transcript/start-screen/start-screen-loader.js';
import { AgentChatAttributes } from './agent-chat.attributes.js';
import { agentChatStyles } from './agent-chat.styles.js';
import { renderComposer } from './composer-view.js';
import { createParts, type ElementParts } from './element-parts.js';
import { renderHeader } from './header-view.js';
import { nextFrame } from './next-frame.js';

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
 * @csspart message-from-app - A message an MCP App sent with the user's yes (also `message-user`), labelled.
 * @csspart message-app-label - The label naming the app on such a message.
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

  readonly #p: ElementParts = createParts({
    host: this,
    onAgentEvent: (event) => this.#onAgentEvent(event),
    strings: () => this.#strings,
  });

  /** The `read_attachment` tool over the files the user attached. Agents built from the attributes have
   * it; add it to the tools of an agent you build yourself to let it read attachments. */
  get attachmentTool(): Tool {
    return this.#p.attachments.tool;
  }

  /** Opens the chat of `mode="launcher"` or `"panel"` (no-op inline); resolves once it is shown. */
  open = (): Promise<void> => this.#p.extras.call('open');
  /** Closes it; focus returns to the launcher. */
  close = (): Promise<void> => this.#p.extras.call('close');
  /** Opens it when closed, closes it when open. */
  toggle = (): Promise<void> => this.#p.extras.call('toggle');

  get #strings(): AgentChatStrings {
    return resolveStrings(this.lang, this.strings);
  }

  #onAgentEvent(event: AgentEvent): void {
    const conversationId = this.#p.run.conversationId;
    if (event.type === 'run.start') {
      this.#p.conversations.started(event.conversationId);
      this.#p.source.runStarted(event.runId, event.conversationId);
    }
    emitRunEvent(this, event, conversationId);
    this.#p.limit.onEvent(event);
    if (event.type === 'model.loading' && event.phase === 'download' && event.totalBytes)
      this.#p.view.checkStorage(event, this.#strings, () => this.requestUpdate());
  }

  #cancelModel = (): void => {
    this.#p.view.cancelModelLoads(this.#p.run.transcript);
    this.#p.run.stop();
    this.requestUpdate();
  };

  #onStop = (): void => {
    this.#p.run.stop();
    this.#p.extras.voice?.stop();
    this.#p.focus();
  };

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (
      changed.has('conversationId') &&
      this.conversationId !== this.#p.run.conversationId &&
      this.hasUpdated
    )
      void this.#p.conversations.open(this.conversationId).catch(this.#p.fail);
    // Script-tag pages usually set .agent (and its store) after the element is connected: look again.
    if ((changed.has('agent') || changed.has('store')) && this.isConnected) this.#p.conversations.restore();
    if (changed.has('mcpServers') || changed.has('proxyUrl')) this.#p.source.stopMcp();
  }

  /**
   * While a run streams, render at most once per frame: tokens arrive faster than frames, and rendering
   * per token would fall behind and then render many times in one task (a long task).
   */
  protected override async scheduleUpdate(): Promise<void> {
    if (this.#p.run.status === 'running') await nextFrame();
    const texts = stringsReady(this.lang);
    if (texts) await texts;
    super.scheduleUpdate();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#p.view.prune(this.#p.run.transcript);
  }

  protected override render(): unknown {
    const run = this.#p.run;
    const strings = this.#strings;
    const running = run.status === 'running';
    const configured = Boolean(this.agent || this.proxyUrl || this.agentUrl);
    const ctx: ViewContext = {
      strings,
      running,
      autoCollapse: this.autoCollapse,
      items: run.transcript,
      rerender: () => this.requestUpdate(),
      answer: this.#p.requests.answer,
      decide: this.#p.requests.decide,
      cancelModel: this.#cancelModel,
      retryModel: this.#p.send.retry,
      readAloud: this.#p.extras.voice?.renderReadAloud.bind(this.#p.extras.voice),
      mcpApps: { source: this.#p.source, sender: this.#p.send, run: this.#p.run },
      answerActions: this.#p.answerActions.render,
      renderSignIn: (item) =>
        this.#p.accounts.renderConnect(item, strings, this.lang, this.#p.requests.answer),
    };
    const canRedo =
      !running && run.transcript.some((i) => i.kind === 'assistant') && Boolean(run.conversationId);
    return this.#p.extras.frame(html`<div part="frame" class="frame">
      ${renderHeader(strings, this.#p.conversations, this.#p.accounts.renderToggle(this.mcpServers, strings, this.lang))}
      ${this.#p.conversations.render(strings)}
      ${this.#p.accounts.render(strings, this.lang)}
      ${this.#p.knowledge.render(strings)}
      ${configured ? nothing : html`<p part="notice" id="notice" class="notice">${strings.notConfigured}</p>`}
      ${run.transcript.length || running ? nothing : renderStartScreen({ host: this, send: (prompt) => void this.#p.send.send(prompt) })}
      <div part="log" class="log" role="log" aria-live="polite" aria-label=${strings.conversation}
        @scroll=${this.#p.scroll.onScroll}>${this.#p.view.render(ctx)}</div>
      ${running && this.#p.scroll.detached ? renderScrollToLatest(this, this.#p.scroll.jump) : nothing}
      <slot name="turnstile"></slot>
      ${this.#p.limit.render(run.errorEvent)}
      ${run.error ? html`<div part="error" class="error" role="alert">${run.error}</div>` : nothing}
      ${run.errorEvent?.retryable && !running ? html`<button type="button" part="error-retry" @click=${this.#p.send.retryFailed}>${strings.retry}</button>` : nothing}
      ${canRedo ? this.#p.answerActions.redo() : nothing}
      ${suggestionSlots.get(this)?.()}
      ${this.#p.attachments.render(strings)}
      ${this.#p.extras.voice?.renderNotice()}
      ${renderComposer({
        strings,
        running,
        configured,
        submit: this.#p.send.onSubmit,
        keydown: this.#p.send.onKeydown,
        stop: this.#onStop,
        picked: this.#p.attachments.onPicked,
        attach: () => this.renderRoot.querySelector<HTMLInputElement>('#file')?.click(),
        mic: this.#p.extras.voice?.renderMic(),
      })}
    </div>`);
  }
}
