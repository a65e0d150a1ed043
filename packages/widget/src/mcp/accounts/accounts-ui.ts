import type { McpAccount, McpHub } from '@agent-chat/core';
import type { ReactiveElement, TemplateResult } from 'lit';
import { nothing } from 'lit';
import type { AgentChatStrings } from '../../i18n/strings.js';
import type { ClarifyItem } from '../../transcript-model/transcript.js';
import { accountStrings } from './accounts-text.js';
import { renderAccounts, renderConnect, renderSignInPrompt } from './accounts-view.js';

// Loaded (a chunk of its own) only for elements with a server that needs sign-in.

/**
 * The user's accounts on MCP servers that need sign-in (`"auth": true` in `mcp-servers`): before a
 * message goes out, servers not connected yet are offered with "Connect <server>" (the popup opens in
 * that click) or "Not now"; the accounts menu lists each account's scopes with Sign out.
 */
export class AccountsUi {
  readonly #host: ReactiveElement;
  #hub: McpHub | undefined;
  #accounts: McpAccount[] = [];
  #open = false;
  #skipped = new Set<string>();
  #gate: { waiting: string[]; resolve: () => void } | undefined;
  #error: string | undefined;
  #busy = false;

  constructor(host: ReactiveElement) {
    this.#host = host;
  }

  /** True when some configured server needs sign-in (the menu button shows then). */
  get hasAccounts(): boolean {
    return this.#accounts.length > 0;
  }

  get open(): boolean {
    return this.#open;
  }

  readonly toggle = (): void => {
    this.#open = !this.#open;
    if (this.#open) void this.#refresh();
    this.#host.requestUpdate();
  };

  /**
   * Called with the started hub before each message: waits while the user decides about servers that
   * are not connected (each is asked once per page; "Not now" goes on without its tools).
   */
  async gate(hub: McpHub): Promise<void> {
    this.#hub = hub;
    await this.#refresh();
    const waiting = this.#accounts.filter((a) => !a.signedIn && !this.#skipped.has(a.serverId));
    if (!waiting.length) return;
    await new Promise<void>((resolve) => {
      this.#gate = { waiting: waiting.map((a) => a.serverId), resolve };
      this.#host.requestUpdate();
    });
  }

  /** Signs in to a server: call it in the click (the popup opens synchronously inside). */
  readonly connect = (serverId: string): void => {
    const hub = this.#hub;
    if (!hub) return;
    this.#error = undefined;
    this.#busy = true;
    const signingIn = hub.signIn(serverId);
    this.#host.requestUpdate();
    void signingIn
      .then(
        () => this.#settle(serverId),
        (error: unknown) => {
          this.#error = error instanceof Error ? error.message : String(error);
        },
      )
      .finally(() => {
        this.#busy = false;
        void this.#refresh();
      });
  };

  readonly notNow = (): void => {
    for (const id of this.#gate?.waiting ?? []) this.#skipped.add(id);
    this.#finishGate();
  };

  readonly signOut = (serverId: string): void => {
    void this.#hub
      ?.signOut(serverId)
      .catch((error: unknown) => {
        this.#error = error instanceof Error ? error.message : String(error);
      })
      .finally(() => void this.#refresh());
  };

  label(strings: AgentChatStrings, lang: string | undefined): string {
    return accountStrings(strings, lang).accounts;
  }

  /** The Connect form of a tool call whose server asks for sign-in (a `clarify.request` from `mcp-auth`). */
  renderConnect(
    item: ClarifyItem,
    strings: AgentChatStrings,
    lang: string | undefined,
    answer: (item: ClarifyItem, value: unknown) => void,
  ): TemplateResult {
    return renderConnect(item, accountStrings(strings, lang), answer);
  }

  /** The accounts menu and the sign-in prompt, each `nothing` while closed (Lit renders the pair in order). */
  render(all: AgentChatStrings, lang: string | undefined): readonly (TemplateResult | typeof nothing)[] {
    const strings = accountStrings(all, lang);
    const prompt = this.#gate
      ? renderSignInPrompt(this.#gate.waiting, strings, {
          connect: this.connect,
          notNow: this.notNow,
          busy: this.#busy,
          error: this.#error,
        })
      : nothing;
    const menu = this.#open
      ? renderAccounts(this.#accounts, strings, {
          connect: this.connect,
          signOut: this.signOut,
          close: this.toggle,
          error: this.#error,
        })
      : nothing;
    return [menu, prompt];
  }

  dispose(): void {
    this.#finishGate();
  }

  #settle(serverId: string): void {
    if (!this.#gate) return;
    this.#gate.waiting = this.#gate.waiting.filter((id) => id !== serverId);
    if (!this.#gate.waiting.length) this.#finishGate();
  }

  #finishGate(): void {
    const gate = this.#gate;
    this.#gate = undefined;
    this.#error = undefined;
    gate?.resolve();
    this.#host.requestUpdate();
  }

  async #refresh(): Promise<void> {
    this.#accounts = (await this.#hub?.accounts()) ?? [];
    this.#host.requestUpdate();
  }
}
