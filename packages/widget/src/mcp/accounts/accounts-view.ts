import type { McpAccount } from '@agent-chat/core';
import { html, nothing, type TemplateResult } from 'lit';
import { format } from '../../i18n/strings.js';
import type { ClarifyItem } from '../../transcript-model/transcript.js';
import type { AccountStrings } from './accounts-text.js';

/** "<server> needs you to connect your account": Connect (opens the sign-in popup) or Not now. */
export function renderSignInPrompt(
  servers: readonly string[],
  strings: AccountStrings,
  actions: { connect(id: string): void; notNow(): void; busy: boolean; error: string | undefined },
): TemplateResult {
  return html`<div part="sign-in" class="form sign-in" role="group" aria-label=${strings.accounts}>
    ${servers.map(
      (id) => html`<p class="question">${format(strings.signInNeeded, { name: id })}</p>
        <button type="button" part="connect" class="primary" data-server=${id} ?disabled=${actions.busy}
          @click=${() => actions.connect(id)}>${format(strings.connect, { name: id })}</button>`,
    )}
    <button type="button" part="not-now" @click=${actions.notNow}>${strings.notNow}</button>
    ${actions.error ? html`<p class="error" role="alert">${actions.error}</p>` : nothing}
  </div>`;
}

/** The connected-accounts menu: each server, connected or not, its scopes, and Sign out / Connect. */
export function renderAccounts(
  accounts: readonly McpAccount[],
  strings: AccountStrings,
  actions: { connect(id: string): void; signOut(id: string): void; close(): void; error: string | undefined },
): TemplateResult {
  return html`<section part="accounts" class="accounts" aria-label=${strings.accounts}>
    <ul>
      ${accounts.map(
        (a) => html`<li part="account" data-server=${a.serverId} data-signed-in=${String(a.signedIn)}>
          <span class="account-name">${a.serverId}</span>
          <span class="account-state">${a.signedIn ? strings.connected : strings.notConnected}</span>
          ${a.scopes.length ? html`<span class="account-scopes">${format(strings.accountScopes, { scopes: a.scopes.join(', ') })}</span>` : nothing}
          ${
            a.signedIn
              ? html`<button type="button" part="sign-out" @click=${() => actions.signOut(a.serverId)}>${strings.signOut}</button>`
              : html`<button type="button" part="connect" @click=${() => actions.connect(a.serverId)}>${format(strings.connect, { name: a.serverId })}</button>`
          }
        </li>`,
      )}
    </ul>
    ${actions.error ? html`<p class="error" role="alert">${actions.error}</p>` : nothing}
    <button type="button" part="close-accounts" @click=${actions.close}>${strings.close}</button>
  </section>`;
}

/**
 * A tool call whose MCP server needs the user's sign-in: Connect opens the sign-in popup (inside this
 * click) and the call goes on; Not now ends it with a message to the model.
 */
export function renderConnect(
  item: ClarifyItem,
  strings: AccountStrings,
  answer: (item: ClarifyItem, value: unknown) => void,
): TemplateResult {
  const name = item.signIn?.serverId ?? '';
  const scopes = item.signIn?.scopes ?? [];
  const id = `sign-in-${item.requestId}`;
  return html`<div part="clarify sign-in" class="form clarify sign-in" role="group" aria-labelledby="${id}-q"
    data-state=${item.state} data-server=${name}>
    <p id="${id}-q" class="question">${format(strings.signInNeeded, { name })}</p>
    ${scopes.length ? html`<p class="account-scopes">${format(strings.accountScopes, { scopes: scopes.join(', ') })}</p>` : nothing}
    ${
      item.state === 'pending'
        ? html`<div class="actions">
            <button type="button" part="connect" class="primary" @click=${() => answer(item, { action: 'accept' })}>${format(strings.connect, { name })}</button>
            <button type="button" part="not-now" @click=${() => answer(item, { action: 'decline' })}>${strings.notNow}</button>
          </div>`
        : html`<span class="form-state">${strings.answered}</span>`
    }
  </div>`;
}
