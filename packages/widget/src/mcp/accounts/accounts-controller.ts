import type { McpHub } from '@agent-chat/core';
import { html, nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import type { AgentChatStrings } from '../../i18n/strings.js';
import type { ClarifyItem } from '../../transcript-model/transcript.js';
import type { AccountsUi } from './accounts-ui.js';

/**
 * The user's accounts on MCP servers that need sign-in (`"auth": true` in `mcp-servers`): before a
 * message goes out, servers not connected yet are offered with "Connect <server>" (the popup opens in
 * that click) or "Not now"; the accounts menu lists each account's scopes with Sign out. The UI and its
 * texts load lazily, only for elements with such servers.
 */
export class AccountsController implements ReactiveController {
  readonly #host: ReactiveElement;
  #ui: AccountsUi | undefined;
  #loading: Promise<AccountsUi> | undefined;

  constructor({ host }: { host: ReactiveElement }) {
    this.#host = host;
    host.addController(this);
  }

  get open(): boolean {
    return this.#ui?.open ?? false;
  }

  /** The menu button's text (the translated one once the UI has loaded). */
  /** The header button that opens the menu, when a server of `servers` signs in (`"auth": true`). */
  renderToggle(
    servers: unknown,
    strings: AgentChatStrings,
    lang: string | undefined,
  ): TemplateResult | typeof nothing {
    if (!Array.isArray(servers) || !servers.some((s: { auth?: boolean }) => s.auth)) return nothing;
    return html`<button type="button" part="accounts-toggle" aria-expanded=${this.open}
      @click=${this.toggle}>${this.label(strings, lang)}</button>`;
  }

  label(strings: AgentChatStrings, lang: string | undefined): string {
    return this.#ui?.label(strings, lang) ?? strings.accounts ?? 'Accounts';
  }

  readonly toggle = (): void => {
    void this.#load().then((ui) => ui.toggle());
  };

  /** Before each message: waits while the user decides about servers that are not connected. */
  async gate(hub: McpHub): Promise<void> {
    await (await this.#load()).gate(hub);
  }

  render(
    strings: AgentChatStrings,
    lang: string | undefined,
  ): readonly (TemplateResult | typeof nothing)[] | typeof nothing {
    return this.#ui?.render(strings, lang) ?? nothing;
  }

  /** The in-call Connect form, once the UI has loaded (it loads before the first run with MCP). */
  renderConnect(
    item: ClarifyItem,
    strings: AgentChatStrings,
    lang: string | undefined,
    answer: (item: ClarifyItem, value: unknown) => void,
  ): TemplateResult | undefined {
    return this.#ui?.renderConnect(item, strings, lang, answer);
  }

  hostDisconnected(): void {
    this.#ui?.dispose();
  }

  #load(): Promise<AccountsUi> {
    this.#loading ??= import('./accounts-ui.js').then(({ AccountsUi }) => {
      this.#ui = new AccountsUi(this.#host);
      this.#host.requestUpdate();
      return this.#ui;
    });
    return this.#loading;
  }
}
