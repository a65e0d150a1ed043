import type { McpAccount, McpHub } from '@agent-chat/core';
import axe from 'axe-core';
import { html, LitElement } from 'lit';
import { describe, expect, it } from 'vitest';
import { EN } from '../../i18n/strings.js';
import { mountElement } from '../../test/mount.js';
import { AccountsUi } from './accounts-ui.js';

/** A hub as far as the accounts UI uses it: accounts, sign-in and sign-out. */
function fakeHub(accounts: McpAccount[]) {
  const calls: string[] = [];
  const hub = {
    accounts: async () => accounts.map((a) => ({ ...a })),
    signIn: async (id: string) => {
      calls.push(`signIn:${id}`);
      const account = accounts.find((a) => a.serverId === id)!;
      account.signedIn = true;
    },
    signOut: async (id: string) => {
      calls.push(`signOut:${id}`);
      const account = accounts.find((a) => a.serverId === id)!;
      account.signedIn = false;
    },
  };
  return { hub: hub as unknown as McpHub, calls };
}

class Host extends LitElement {
  ui = new AccountsUi(this);
  language = 'en';
  override render() {
    return html`${this.ui.render(EN, this.language)}`;
  }
}
customElements.define('accounts-host', Host);

declare global {
  interface HTMLElementTagNameMap {
    'accounts-host': Host;
  }
}

async function mountHost(lang: string, accounts: McpAccount[]) {
  const { hub, calls } = fakeHub(accounts);
  let gate!: ReturnType<AccountsUi['gate']>;
  const host = await mountElement('accounts-host', {
    setup: (h) => {
      h.language = lang;
      gate = h.ui.gate(hub);
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  await host.updateComplete;
  return { host, hub, calls, gate, root: host.renderRoot as ShadowRoot };
}

describe('the connected-accounts UI', () => {
  it('asks to connect a signed-out server, then lists the account with its scopes and signs out (French, axe)', async () => {
    const { host, calls, gate, root } = await mountHost('fr', [
      { serverId: 'tracker', signedIn: false, scopes: ['mcp:tools'] },
    ]);
    const connect = root.querySelector<HTMLButtonElement>('[part~="sign-in"] [part~="connect"]')!;
    expect(connect.textContent).toBe('Connecter tracker');
    expect(root.querySelector('[part~="sign-in"]')!.textContent).toContain('demande que vous connectiez');
    connect.click();
    await gate;
    expect(calls).toEqual(['signIn:tracker']);
    host.ui.toggle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await host.updateComplete;
    const account = root.querySelector('[part~="account"]')!;
    expect(account.textContent).toContain('Connecté');
    expect(account.textContent).toContain('Accès : mcp:tools');
    const result = await axe.run(root.querySelector('[part~="accounts"]')!, { resultTypes: ['violations'] });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    account.querySelector<HTMLButtonElement>('[part~="sign-out"]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await host.updateComplete;
    expect(calls).toEqual(['signIn:tracker', 'signOut:tracker']);
    expect(root.querySelector('[part~="account"]')!.textContent).toContain('Non connecté');
  });

  it('"Not now" goes on without the server, and asks no more on this page', async () => {
    const accounts = [{ serverId: 'docs', signedIn: false, scopes: [] }];
    const { host, calls, gate, root } = await mountHost('de', accounts);
    const notNow = root.querySelector<HTMLButtonElement>('[part~="not-now"]')!;
    expect(notNow.textContent).toBe('Später');
    notNow.click();
    await gate;
    const { hub } = fakeHub(accounts);
    await host.ui.gate(hub);
    expect(calls).toEqual([]);
  });
});
