import { type Agent, memoryStore } from '@agent-chat/core';
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { agentChatStyles } from './agent-chat.styles.js';
import type { PageTool } from './page-tools.js';
import { createProxyAgent, type ProxyAgentOptions } from './proxy-agent.js';
import { RunController } from './run-controller.js';
import type { StageStatus, TranscriptItem } from './transcript.js';

const STATUS_LABEL: Record<StageStatus, string> = { running: 'running', done: 'done', failed: 'failed' };

/**
 * `<agent-chat>`: a chat that runs an agent-chat agent in the page and shows each tool call as a stage.
 * Configure it with the `proxy-url` and `model` attributes (the model is reached through the agent-chat
 * proxy), or give it an agent built in JS through the `.agent` property.
 *
 * @example
 * <agent-chat proxy-url="https://my-proxy.workers.dev" model="gpt-4o-mini"></agent-chat>
 *
 * @csspart log - The message list (`role="log"`).
 * @csspart message - Each message; also `message-user` or `message-assistant`.
 * @csspart stage - Each tool call; its `data-status` is `running`, `done` or `failed`.
 * @csspart notice - The "how to configure" message shown while nothing is configured.
 * @csspart error - The error message (`role="alert"`).
 * @csspart composer - The form holding the input and the buttons.
 * @csspart input - The message text box.
 * @csspart send - The send button.
 * @csspart stop - The stop button, shown while a run is in progress.
 *
 * @cssprop --agent-chat-font - Font of the whole chat; default inherited.
 * @cssprop --agent-chat-color - Text colour.
 * @cssprop --agent-chat-background - Background of the chat.
 * @cssprop --agent-chat-accent - Accent colour: user messages, send button, focus ring.
 * @cssprop --agent-chat-accent-text - Text colour on the accent colour.
 * @cssprop --agent-chat-border - Border colour of the chat, messages and stages.
 * @cssprop --agent-chat-error - Colour of errors and failed stages.
 * @cssprop --agent-chat-radius - Corner radius.
 * @cssprop --agent-chat-height - Height of the chat; default 32rem.
 */
export class AgentChatElement extends LitElement {
  static override styles = agentChatStyles;

  static override properties = {
    proxyUrl: { type: String, attribute: 'proxy-url' },
    model: { type: String },
    systemPrompt: { type: String, attribute: 'system-prompt' },
    tools: { attribute: false },
    agent: { attribute: false },
  };

  /** Origin of the agent-chat proxy (attribute `proxy-url`); the model endpoint is `${proxyUrl}/v1`. */
  declare proxyUrl: string | undefined;
  /** Model name the proxy allows, e.g. `gpt-4o-mini` (attribute `model`). */
  declare model: string | undefined;
  /** Instructions sent with every model call, never stored in the conversation (attribute `system-prompt`). */
  declare systemPrompt: string | undefined;
  /**
   * Tools of the page the model may call: made with `defineTool`, or plain `{ name, description,
   * parameters, execute }` objects. Assign a new array to change them; used from the next message on.
   */
  declare tools: readonly PageTool[];
  /** An agent built in JS with `createAgent`; when set, it is used and the attributes are ignored. */
  declare agent: Agent | undefined;

  readonly #run = new RunController(this);
  /** One store for every agent built from attributes, so changing an attribute keeps the conversation. */
  readonly #store = memoryStore();
  #proxyAgent: { agent: Agent; options: ProxyAgentOptions } | undefined;
  #stickToBottom = true;
  #scrollAfterSend = false;

  constructor() {
    super();
    this.tools = [];
  }

  /** The conversation the next message continues; set by the first message. */
  get conversationId(): string | undefined {
    return this.#run.conversationId;
  }

  /** The agent messages go to: `.agent`, or one built (lazily, again when attributes change) from the attributes. */
  #resolveAgent(): Agent {
    if (this.agent) return this.agent;
    const options: ProxyAgentOptions = {
      proxyUrl: this.proxyUrl,
      model: this.model,
      systemPrompt: this.systemPrompt,
      tools: this.tools,
      store: this.#store,
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
    return this.renderRoot.querySelector('textarea');
  }

  async #send(): Promise<void> {
    const input = this.#input;
    if (!input || this.#run.status === 'running') return;
    const text = input.value;
    const message = text.trim();
    if (!message) return;
    let agent: Agent;
    try {
      agent = this.#resolveAgent();
    } catch (error) {
      this.#run.fail(error);
      return;
    }
    input.value = '';
    this.#scrollAfterSend = true;
    const outcome = await this.#run.send(agent, message);
    // The message never reached the agent: give the user their text back instead of losing it.
    if (outcome === 'not-started' && input.value === '') input.value = text;
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const log = this.renderRoot.querySelector<HTMLElement>('[part~="log"]');
    // Follow new output only when the user has not scrolled up to read something.
    if (log) this.#stickToBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 32;
    if (this.#scrollAfterSend) this.#stickToBottom = true;
    this.#scrollAfterSend = false;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const log = this.renderRoot.querySelector<HTMLElement>('[part~="log"]');
    if (log && this.#stickToBottom) log.scrollTop = log.scrollHeight;
  }

  protected override render(): TemplateResult {
    const run = this.#run;
    const running = run.status === 'running';
    const configured = Boolean(this.agent || this.proxyUrl);
    return html`
      ${configured ? nothing : renderNotice()}
      <div part="log" class="log" role="log" aria-live="polite" aria-label="Conversation">
        ${repeat(run.transcript, (item) => item.id, renderItem)}
      </div>
      ${run.error ? html`<div part="error" class="error" role="alert">${run.error}</div>` : nothing}
      <form part="composer" class="composer" @submit=${this.#onSubmit}>
        <label class="visually-hidden" for="input">Message</label>
        <textarea
          id="input"
          part="input"
          rows="2"
          placeholder="Write a message…"
          aria-describedby=${configured ? nothing : 'notice'}
          @keydown=${this.#onKeydown}
        ></textarea>
        ${
          running
            ? html`<button type="button" part="stop" class="stop" @click=${this.#onStop}>Stop</button>`
            : nothing
        }
        <button type="submit" part="send" class="send" ?disabled=${running}>Send</button>
      </form>
    `;
  }
}

function renderNotice(): TemplateResult {
  return html`<p part="notice" id="notice" class="notice">
    This chat is not configured yet. Set the <code>proxy-url</code> and <code>model</code> attributes, e.g.
    <code>&lt;agent-chat proxy-url="https://my-proxy.workers.dev" model="gpt-4o-mini"&gt;</code>, or set the
    <code>.agent</code> property to an agent made with <code>createAgent()</code> from @agent-chat/core.
  </p>`;
}

function renderItem(item: TranscriptItem): TemplateResult {
  switch (item.kind) {
    case 'user':
      return html`<div part="message message-user" class="message user">${item.text}</div>`;
    case 'assistant':
      return html`<div part="message message-assistant" class="message assistant">${item.text}${
        item.stopped ? html`<span class="stopped">(stopped)</span>` : nothing
      }</div>`;
    case 'stage':
      return html`<div part="stage" class="stage" data-status=${item.status} data-tool=${item.name}>
        <span class="stage-name">${item.name}</span>
        <code class="stage-args">${compactJson(item.args)}</code>
        <span class="stage-status">${STATUS_LABEL[item.status]}</span>
        ${item.error ? html`<div class="stage-error">${item.error}</div>` : nothing}
      </div>`;
  }
}

function compactJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
