// Loaded with import() by mcp-app-view.ts for the first stage with an MCP App: ext-apps' AppBridge and
// the MCP SDK's protocol layer stay out of agent-chat.js and out of every chat without an app.
import type { McpAppContent, McpAppResource, McpApps } from '@agent-chat/core';
import { buildAllowAttribute, type McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { format } from '../../i18n/strings.js';
import { grantedPermissions, permissionConsent, rememberConsent } from './app-consent.js';
import { withCsp } from './app-csp.js';
import { appFrame } from './app-frame.js';
import { type AppPrompt, type AppQuestion, type MessageAnswer, refusal, renderPrompt } from './app-prompt.js';
import { AppSession, type AppSessionHandlers } from './app-session.js';
import { appStrings } from './app-strings.js';
import { appStyles } from './app-styles.js';
import { type ChatHost, hostContext, themeContext } from './host-context.js';
import { claimLiveApp } from './live-apps.js';
import { appsOf, type McpAppsDeps, sendMessage } from './mcp-apps-deps.js';
import { MessageLimit } from './message-limit.js';

/**
 * An MCP App in its tool's stage: the `ui://` resource read through the hub, shown in a frame with an
 * opaque origin (`sandbox="allow-scripts"` only: no same origin, no top navigation, no popups, no
 * forms), under the CSP its resource declares. The visitor stays in control: the browser permissions
 * it declares (camera, microphone…) reach the frame only after the visitor allowed them, once per app;
 * full screen and picture-in-picture, links and every chat message wait for a click on the host's own
 * prompt. Closed when it leaves the document, gets a new result, or never says `initialized`.
 */
export class McpAppElement extends LitElement {
  static override properties = {
    item: { attribute: false },
    stageId: { attribute: false },
    deps: { attribute: false },
    _state: { state: true },
  };
  /** How long an app has to send `initialized`. */
  static initTimeoutMs = 10_000;

  declare item: McpAppContent | undefined;
  declare stageId: string;
  declare deps: McpAppsDeps | undefined;
  declare _state: { status: 'loading' | 'ready' | 'failed' | 'closed'; notice?: string; prompt?: AppPrompt };

  #session: AppSession | undefined;
  #frame: HTMLIFrameElement | undefined;
  #generation = 0;
  #mode: McpUiDisplayMode = 'inline';
  #limit = new MessageLimit();
  #watch: MutationObserver | undefined;
  #resize: ResizeObserver | undefined;

  constructor() {
    super();
    this._state = { status: 'loading' };
  }

  protected override createRenderRoot(): HTMLElement {
    // In the chat's shadow root: its styles and parts reach the stage.
    return this;
  }

  get #chat(): ChatHost | undefined {
    const root = this.getRootNode();
    return root instanceof ShadowRoot ? (root.host as ChatHost) : undefined;
  }

  get #strings() {
    return appStrings(this.#chat?.lang);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const chat = this.#chat;
    if (chat) {
      // The widget's theme and language reach the app as they change.
      this.#watch = new MutationObserver(() => this.#session?.contextChanged(themeContext(chat)));
      this.#watch.observe(chat, { attributes: true, attributeFilter: ['theme', 'lang', 'style', 'class'] });
    }
    let width = 0;
    this.#resize = new ResizeObserver(() => {
      if (Math.round(this.clientWidth) === width || !this.clientWidth) return;
      width = Math.round(this.clientWidth);
      this.#session?.contextChanged({ containerDimensions: { width, maxHeight: 640 } });
    });
    this.#resize.observe(this);
    if (this.hasUpdated && this.item) void this.#start(this.item);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#watch?.disconnect();
    this.#resize?.disconnect();
    this.#stop();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // A new result for this stage: the old app goes, the new one starts.
    if (changed.has('item') && this.item) void this.#start(this.item);
  }

  protected override render(): unknown {
    const strings = this.#strings;
    const tool = this.item?.toolName ?? '';
    const { status, notice, prompt } = this._state;
    return html`${appStyles}<div part="mcp-app" class="mcp-app" data-state=${status} data-mode=${this.#mode}>
      ${this.#mode === 'fullscreen' ? html`<button type="button" part="mcp-app-exit" class="mcp-app-exit" @click=${() => this.#setMode('inline')}>${strings.exitFullscreen}</button>` : nothing}
      <div class="mcp-app-box"></div>
      ${status === 'loading' ? html`<p part="mcp-app-notice" class="mcp-app-notice" role="status">${format(strings.loading, { tool })}</p>` : nothing}
      ${notice ? html`<p part="mcp-app-notice" class="mcp-app-notice" role="status">${notice}</p>` : nothing}
      ${this.#limit.refused ? html`<p part="mcp-app-notice" class="mcp-app-notice">${format(strings.refused, { count: this.#limit.refused })}</p>` : nothing}
      ${prompt ? renderPrompt(prompt, tool, strings, (value) => this.#answer(prompt, value)) : nothing}
    </div>`;
  }

  #answer(prompt: AppPrompt, value: boolean | MessageAnswer): void {
    if (this._state.prompt === prompt) this._state = { ...this._state, prompt: undefined };
    (prompt.resolve as (v: unknown) => void)(value);
  }

  async #start(item: McpAppContent): Promise<void> {
    this.#stop();
    const generation = ++this.#generation;
    const current = () => generation === this.#generation && this.isConnected;
    const strings = this.#strings;
    const tool = item.toolName;
    this._state = { status: 'loading' };
    const fail = (reason: string) => {
      console.warn(
        `agent-chat: MCP server "${item.serverId}", tool "${tool}": the app is not shown. ${reason}`,
      );
      this._state = { status: 'failed', notice: format(strings.unavailable, { tool, reason }) };
    };
    let resource: McpAppResource;
    let apps: McpApps | undefined;
    try {
      apps = await appsOf(this.deps);
      if (!current()) return;
      if (!apps) return fail('its MCP server is not connected.');
      resource = await apps.readResource(item.serverId, item.resourceUri);
    } catch (error) {
      if (current()) fail(error instanceof Error ? error.message : String(error));
      return;
    }
    if (!current()) return;
    if (!claimLiveApp(this, item, () => this.#replaced())) {
      this._state = { status: 'closed', notice: format(strings.replaced, { tool }) };
      return;
    }
    await this.updateComplete;
    // Replaced, restarted or removed meanwhile.
    if (!current()) return;
    const box = this.querySelector<HTMLElement>('.mcp-app-box');
    const chat = this.#chat;
    if (!box || !chat) return;
    // Declared permissions reach the frame only once the visitor allowed them for this app.
    const consent = permissionConsent(this.getRootNode(), item);
    const permissions = grantedPermissions(resource.permissions, consent);
    const frame = appFrame(format(strings.frameTitle, { tool }), buildAllowAttribute(permissions));
    if (resource.prefersBorder === false) frame.dataset.border = 'none';
    box.append(frame);
    this.#frame = frame;
    const definition = apps.tool(item.serverId, tool);
    const session = new AppSession({
      frame,
      item,
      apps,
      sandbox: { csp: resource.csp, permissions },
      key: this.stageId,
      initTimeoutMs: McpAppElement.initTimeoutMs,
      context: hostContext(chat, box, this.#mode, definition ? { tool: definition as never } : undefined),
      handlers: this.#handlers(item, frame),
    });
    this.#session = session;
    await session.start(withCsp(resource.html, resource.csp));
    const declared = Object.keys(resource.permissions ?? {});
    if (declared.length && consent === undefined && current()) void this.#askPermissions(item, declared);
  }

  /** What the element does when its app initializes, times out, resizes, asks or leaves. */
  #handlers(item: McpAppContent, frame: HTMLIFrameElement): AppSessionHandlers {
    const strings = this.#strings;
    const tool = item.toolName;
    return {
      initialized: () => {
        // A question already open (the permissions one) stays.
        const { prompt } = this._state;
        this._state = prompt ? { status: 'ready', prompt } : { status: 'ready' };
      },
      timedOut: () => {
        this.#stop();
        const seconds = McpAppElement.initTimeoutMs / 1000;
        console.warn(
          `agent-chat: MCP server "${item.serverId}", tool "${tool}": the app sent no initialized in ${seconds} s.`,
        );
        this._state = { status: 'failed', notice: format(strings.noInit, { tool, seconds }) };
      },
      size: ({ height }) => {
        if (height !== undefined && this.#mode === 'inline')
          frame.style.height = `${Math.min(Math.max(Math.ceil(height), 40), 2000)}px`;
      },
      message: (text) => this.#message(text, tool),
      openLink: (url) => this.#ask({ kind: 'link', url }) as Promise<boolean>,
      displayMode: (mode) => this.#requestMode(mode),
      navigatedAway: () => {
        // Nothing more is sent to whatever the frame loaded instead of the app.
        this.#stop();
        console.warn(
          `agent-chat: MCP server "${item.serverId}", tool "${tool}": the app navigated away; it was closed.`,
        );
        this._state = { status: 'closed', notice: format(strings.closed, { tool }) };
      },
      closeRequested: () => {
        this.#stop();
        this._state = { status: 'closed', notice: format(strings.closed, { tool }) };
      },
    };
  }

  /** Asks once per app; on yes the app restarts with the permissions in its frame's `allow`. */
  async #askPermissions(item: McpAppContent, names: string[]): Promise<void> {
    const generation = this.#generation;
    const yes = await this.#ask({ kind: 'permissions', names });
    // The app went away before an answer (closed, replaced): nothing was decided.
    if (generation !== this.#generation && !yes) return;
    rememberConsent(this.getRootNode(), item, yes ? 'granted' : 'denied');
    if (yes && generation === this.#generation && this.isConnected) await this.#start(item);
  }

  /**
   * `ui/message`: every message waits for the visitor's Send (past the limit the question says the app
   * keeps sending); while one is asked, others are refused; the visitor may block the app's messages.
   * Sent, it shows as the app's, labelled, never as the visitor's.
   */
  async #message(text: string, tool: string): Promise<boolean> {
    const verdict = this.#limit.check();
    if (verdict === 'refuse') {
      this.requestUpdate();
      return false;
    }
    this.#limit.asking = true;
    const answer = await this.#ask({ kind: 'message', text, flood: verdict === 'ask' });
    this.#limit.asking = false;
    if (answer === 'block') this.#limit.blocked = true;
    if (answer !== 'send') return false;
    return sendMessage(this.deps, tool, text);
  }

  /** Shows one question at a time; a second one while the first is open gets no at once. */
  #ask(question: AppQuestion): Promise<boolean | MessageAnswer> {
    if (this._state.prompt) return Promise.resolve(question.kind === 'message' ? 'no' : false);
    return new Promise((resolve) => {
      this._state = { ...this._state, prompt: { ...question, resolve } as AppPrompt };
    });
  }

  /**
   * `ui/request-display-mode`: back to inline at once; full screen and picture-in-picture only after the
   * visitor's click on the host's prompt (an app must not cover the page on its own: a fake sign-in
   * page is one fixed frame away). Refused, the app stays as it is.
   */
  async #requestMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode> {
    if (mode === this.#mode || mode === 'inline') return this.#setMode(mode);
    if (mode !== 'fullscreen' && mode !== 'pip') return this.#mode;
    const yes = await this.#ask({ kind: 'mode', mode });
    return yes ? this.#setMode(mode) : this.#mode;
  }

  #setMode(mode: McpUiDisplayMode): McpUiDisplayMode {
    const allowed = mode === 'pip' && innerWidth < 900 ? 'inline' : mode;
    this.#mode = allowed;
    this.requestUpdate();
    if (mode === 'inline' && this.#session) this.#session.contextChanged({ displayMode: 'inline' });
    return allowed;
  }

  #replaced(): void {
    this.#stop();
    this._state = {
      status: 'closed',
      notice: format(this.#strings.replaced, { tool: this.item?.toolName ?? '' }),
    };
  }

  /** Closes the app and removes its frame; an open question is answered no. */
  #stop(): void {
    this.#generation++;
    const prompt = this._state.prompt;
    if (prompt) {
      this._state = { ...this._state, prompt: undefined };
      (prompt.resolve as (v: unknown) => void)(refusal(prompt));
    }
    const session = this.#session;
    const frame = this.#frame;
    this.#session = undefined;
    this.#frame = undefined;
    void session?.close().finally(() => frame?.remove());
    if (!session) frame?.remove();
  }
}

if (!customElements.get('agent-chat-mcp-app')) customElements.define('agent-chat-mcp-app', McpAppElement);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-app': McpAppElement;
  }
}
