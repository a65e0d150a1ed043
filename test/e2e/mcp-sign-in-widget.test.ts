import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type OAuthTestServers, startOAuthTestServers } from '../mcp/oauth/oauth-test-servers.ts';
import { axeSource } from './axe-source.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedContext, isolatedPage } from './isolated-page.ts';
import { useWidgetStack } from './use-widget-stack.ts';

const WHOAMI = 'mcp__tracker__whoami';

let oauth: OAuthTestServers;
const stack = useWidgetStack(
  async () => {
    // A protected MCP server whose authorization server has a consent page and no CORS headers (the
    // browser reaches its metadata, registration and token endpoints through the proxy only).
    oauth = await startOAuthTestServers({ consent: 'page', cors: false, accessTokenTtlS: 62 });
    return {
      upstreamApiKey: 'sk-e2e-sign-in-upstream',
      mcpServers: JSON.stringify([{ id: 'tracker', auth: true }]),
      proxyVars: {
        MCP_SERVERS: JSON.stringify({ tracker: { url: oauth.mcpUrl, auth: 'user' } }),
        // The fake authorization server runs on 127.0.0.1 over http (off by default; tests and dev only).
        ALLOW_LOCAL_OAUTH_URLS: 'true',
      },
    };
  },
  async () => {
    await oauth?.stop();
  },
);

async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

/** Clicks `button` and signs in in the popup it opens (the consent page's Allow). */
async function signInThroughPopup(page: Page, button: ReturnType<Page['locator']>): Promise<void> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
  await popup.waitForLoadState();
  await popup.getByRole('button', { name: 'Allow' }).click();
  await popup.waitForEvent('close', { timeout: 15_000 });
}

function lastToolResult(): string {
  const body = stack.model.requests.at(-1)?.body as { messages: Array<{ role: string; content: string }> };
  return body.messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
}

describe('<agent-chat> with an MCP server that needs the user’s sign-in, through the proxy', () => {
  it('Connect → popup sign-in → the tool call completes; refresh; accounts menu; sign-out asks again', async () => {
    const page = await isolatedPage(stack.browser, { viewport: { width: 900, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);

    // 1. The first message finds the server signed out: "Connect tracker" appears before the run.
    stack.model.enqueue(
      { toolCalls: [{ id: 'w1', name: WHOAMI, arguments: {} }] },
      { text: 'You are demo-user.' },
    );
    await send(page, 'Who am I on the tracker?');
    const connect = page.locator('agent-chat [part~="sign-in"] [part~="connect"]');
    await connect.waitFor();
    expect(await connect.textContent()).toBe('Connect tracker');
    await signInThroughPopup(page, connect);
    await page.locator('agent-chat [part~="message-assistant"]', { hasText: 'You are demo-user.' }).waitFor();
    expect(lastToolResult()).toContain('signed in as demo-user with scopes mcp:tools offline_access');
    const authorize = oauth.requests.find((r) => r.path === '/authorize')!;
    expect(authorize.query).toMatchObject({ resource: oauth.mcpUrl, code_challenge_method: 'S256' });

    // 2. Within a minute of expiry the next call refreshes the token first (through the proxy's relay).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const before = oauth.requests.length;
    stack.model.enqueue({ toolCalls: [{ id: 'w2', name: WHOAMI, arguments: {} }] }, { text: 'Still you.' });
    await send(page, 'And now?');
    await page.locator('agent-chat [part~="message-assistant"]', { hasText: 'Still you.' }).waitFor();
    expect(
      oauth.requests
        .slice(before)
        .some((r) => r.path === '/token' && r.body.includes('grant_type=refresh_token')),
    ).toBe(true);
    expect(lastToolResult()).toContain('signed in as demo-user');

    // 3. The accounts menu lists the account with its scopes, passes axe, and signs out.
    await page.locator('agent-chat [part~="accounts-toggle"]').click();
    const account = page.locator('agent-chat [part~="account"][data-server="tracker"]');
    await account.waitFor();
    expect(await account.textContent()).toContain('Access: mcp:tools, offline_access');
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const root = document.querySelector('agent-chat')!.shadowRoot!.querySelector('[part~="accounts"]')!;
      const axe = (
        window as unknown as {
          axe: {
            run: (n: Element, o: unknown) => Promise<{ violations: Array<{ id: string; impact: string }> }>;
          };
        }
      ).axe;
      const result = await axe.run(root, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    });
    expect(violations).toEqual([]);
    const revokedBefore = oauth.revoked.length;
    await account.locator('[part~="sign-out"]').click();
    await page.locator('agent-chat [part~="account"][data-signed-in="false"]').waitFor();
    expect(oauth.revoked.length).toBeGreaterThan(revokedBefore);

    // 4. After sign-out, the next call asks to sign in again: "Not now" before the run, then the tool
    // call itself asks (Connect in the transcript), signs in in the popup and completes.
    stack.model.enqueue({ toolCalls: [{ id: 'w3', name: WHOAMI, arguments: {} }] }, { text: 'Back again.' });
    await send(page, 'Once more?');
    await page.locator('agent-chat [part~="sign-in"] [part~="not-now"]').first().click();
    const inCall = page.locator('agent-chat [part~="clarify"][data-server="tracker"] [part~="connect"]');
    await inCall.waitFor();
    await signInThroughPopup(page, inCall);
    await page.locator('agent-chat [part~="message-assistant"]', { hasText: 'Back again.' }).waitFor();
    expect(lastToolResult()).toContain('signed in as demo-user');
    expect(errors).toEqual([]);

    // 5. No access token in the proxy's logs, nor in anything the proxy sent to any server it talks
    // to: the model server never sees one (the tool results it gets name the user, not the token),
    // the authorization server only in the revocation of that very token, and the MCP server gets
    // each only as its bearer token.
    expect(oauth.issued.length).toBeGreaterThanOrEqual(3);
    expect(stack.model.requests.length).toBeGreaterThanOrEqual(3);
    const logs = stack.proxy.output();
    for (const token of oauth.issued) {
      expect(logs).not.toContain(token);
      for (const request of stack.model.requests) {
        const seen = request.path + JSON.stringify(request.headers) + JSON.stringify(request.body);
        expect(seen, `model server request to ${request.path}`).not.toContain(token);
      }
      for (const request of oauth.requests) {
        const seen = JSON.stringify(request.headers) + request.body + JSON.stringify(request.query);
        if (!seen.includes(token)) continue;
        if (request.server === 'auth') expect(request.path).toBe('/revoke');
        else expect(request.headers.authorization).toBe(`Bearer ${token}`);
      }
    }
    await page.close();
  });

  it('a closed sign-in popup ends the call with a clear message, and the chat keeps working', async () => {
    // A new page is a new browser context: nothing stored. Sign in once (so the tools are known), sign
    // out, then close the popup of the call's own Connect.
    const page = await isolatedPage(stack.browser, { viewport: { width: 900, height: 800 } });
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    stack.model.enqueue({ toolCalls: [{ id: 'c0', name: WHOAMI, arguments: {} }] }, { text: 'Signed in.' });
    await send(page, 'Who am I?');
    await signInThroughPopup(page, page.locator('agent-chat [part~="sign-in"] [part~="connect"]'));
    await page.locator('agent-chat [part~="message-assistant"]', { hasText: 'Signed in.' }).waitFor();
    await page.locator('agent-chat [part~="accounts-toggle"]').click();
    await page.locator('agent-chat [part~="account"] [part~="sign-out"]').click();
    await page.locator('agent-chat [part~="account"][data-signed-in="false"]').waitFor();

    const issued = oauth.issued.length;
    stack.model.enqueue(
      { toolCalls: [{ id: 'c1', name: WHOAMI, arguments: {} }] },
      { text: 'The sign-in was cancelled.' },
    );
    await send(page, 'Who am I now?');
    await page.locator('agent-chat [part~="sign-in"] [part~="not-now"]').first().click();
    const inCall = page.locator('agent-chat [part~="clarify"][data-server="tracker"] [part~="connect"]');
    await inCall.waitFor();
    const [popup] = await Promise.all([page.context().waitForEvent('page'), inCall.click()]);
    await popup.waitForLoadState();
    await popup.close();
    await page
      .locator('agent-chat [part~="message-assistant"]', { hasText: 'The sign-in was cancelled.' })
      .waitFor();
    expect(lastToolResult()).toContain('the sign-in window was closed');
    // The user sees the call failed; no token came out of it.
    await page.locator('agent-chat [part~="stage"][data-status="failed"]').first().waitFor();
    expect(oauth.issued.length).toBe(issued);
    stack.model.enqueue({ text: 'Still here.' });
    await send(page, 'Are you there?');
    await page.locator('agent-chat [part~="message-assistant"]', { hasText: 'Still here.' }).waitFor();
    await page.close();
  });

  it('signs in by redirect when the popup is blocked, and the message that waited runs when the page comes back', async () => {
    const context = await isolatedContext(stack.browser, { viewport: { width: 900, height: 800 } });
    // A browser that blocks the popup: window.open gives nothing.
    await context.addInitScript(() => {
      window.open = () => null;
    });
    const page = await context.newPage();
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    // The message waits on the Connect prompt; the tab leaves before it is sent to the model.
    stack.model.enqueue(
      { toolCalls: [{ id: 'r1', name: WHOAMI, arguments: {} }] },
      { text: 'Back from the redirect.' },
    );
    const sent = stack.model.requests.length;
    await send(page, 'Who am I after the redirect?');
    await page.locator('agent-chat [part~="sign-in"] [part~="connect"]').click();
    // The tab itself goes to the consent page, then back to this page, which finishes the sign-in and
    // sends the message that waited: the tool call completes without the user sending it again.
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(
      (url) => url.origin === new URL(stack.example.url).origin && !url.search.includes('code='),
    );
    await page
      .locator('agent-chat [part~="message-assistant"]', { hasText: 'Back from the redirect.' })
      .waitFor();
    expect(lastToolResult()).toContain('signed in as demo-user');
    await page.locator('agent-chat [part~="stage"][data-status="done"]').first().waitFor();
    // Sent once, to the model, after the page came back; shown once in the log.
    const turns = stack.model.requests.slice(sent).map((r) => {
      const body = r.body as { messages: Array<{ role: string; content: unknown }> };
      return body.messages.filter(
        (m) => m.role === 'user' && JSON.stringify(m.content).includes('Who am I after the redirect?'),
      );
    });
    expect(turns.map((t) => t.length)).toEqual([1, 1]);
    expect(await page.locator('agent-chat [part~="message-user"]').allTextContents()).toEqual([
      expect.stringContaining('Who am I after the redirect?'),
    ]);
    await context.close();
  });
});
