import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpServerProcess, startServerEverything } from '../mcp/server-everything.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

// <agent-chat turnstile-site-key> in Chromium → Turnstile (its script served by a fake, as the machine
// is offline) → the proxy under wrangler dev trades the token at POST /v1/turnstile, verifying it with a
// local siteverify fake → a client token on every model call.

const SECRET = 'sk-e2e-turnstile-upstream-9a2c';
const TURNSTILE_SECRET = '0x4AAAAAAA-e2e-turnstile-secret';
const PASSING_KEY = '1x00000000000000000000AA';
const FAILING_KEY = '2x00000000000000000000AB';
const VALID = 'XXXX.DUMMY.TOKEN.XXXX';

// Stands in for https://challenges.cloudflare.com/turnstile/v0/api.js: renders into the container the
// widget gives it and calls back with a token — the valid one for the passing site key only.
const FAKE_TURNSTILE = `window.turnstile = {
  render(container, options) {
    container.textContent = 'Turnstile (fake)';
    setTimeout(() => options.callback(options.sitekey === '${PASSING_KEY}' ? '${VALID}' : 'forged-token'), 50);
    return 'widget-1';
  },
  remove() {},
};`;

let siteverify: Server;
const verified: URLSearchParams[] = [];
let stack: WidgetStack;
let everything: McpServerProcess;

beforeAll(async () => {
  siteverify = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      verified.push(form);
      const success = form.get('secret') === TURNSTILE_SECRET && form.get('response') === VALID;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.address() as AddressInfo;
  everything = await startServerEverything();
  stack = await startWidgetStack({
    upstreamApiKey: SECRET,
    proxyVars: {
      AUTH_SECRET: 'e2e-turnstile-auth-secret-3f8b-a91c5e02',
      TURNSTILE_SECRET_KEY: TURNSTILE_SECRET,
      TURNSTILE_SITEVERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
      MCP_SERVERS: JSON.stringify({ everything: { url: everything.url } }),
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => siteverify?.close(resolve));
  await everything?.stop();
});

async function openPage(siteKey: string): Promise<Page> {
  const page = await isolatedPage(stack.browser);
  await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE }),
  );
  await page.goto(stack.example.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(
    (key) => document.querySelector('agent-chat')!.setAttribute('turnstile-site-key', key),
    siteKey,
  );
  return page;
}

async function send(page: Page, text: string) {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

describe('Turnstile through the proxy (wrangler dev, local siteverify) in the widget (Chromium)', () => {
  it('a passed check yields a client token and a working chat', async () => {
    stack.model.enqueue({ text: 'Hello, verified human.' });
    const page = await openPage(PASSING_KEY);
    const before = verified.length;

    await send(page, 'Hi');
    await page.waitForFunction(() =>
      [
        ...(document
          .querySelector('agent-chat')
          ?.shadowRoot?.querySelectorAll('[part~="message-assistant"]') ?? []),
      ].some((m) => m.textContent?.includes('Hello, verified human.')),
    );

    expect(verified.length - before).toBe(1);
    expect(verified.at(-1)!.get('response')).toBe(VALID);
    // A streamed answer's log line is written once its body has gone through (ctx.waitUntil), which can be
    // after the page has shown the answer.
    await expect
      .poll(() => stack.proxy.output(), { timeout: 10_000 })
      .toContain('"path":"/v1/chat/completions","status":200');
    const log = stack.proxy.output();
    expect(log).toContain('"auth":"turnstile_ok"');
    expect(log).not.toContain(TURNSTILE_SECRET);
    // The container the widget rendered Turnstile into is gone again.
    expect(await page.locator('agent-chat > [slot="turnstile"]').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('an invalid token gets 403 turnstile_failed: the widget says so and no model call is made', async () => {
    const page = await openPage(FAILING_KEY);
    const logBefore = stack.proxy.output().length;

    await send(page, 'Hi');
    await page.waitForFunction(() =>
      document.querySelector('agent-chat')?.shadowRoot?.querySelector('[part~="error"]'),
    );
    const error = await page.evaluate(
      () => document.querySelector('agent-chat')?.shadowRoot?.querySelector('[part~="error"]')?.textContent,
    );
    const direct = await fetch(`${stack.proxy.url}/v1/turnstile`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack.example.url },
      body: JSON.stringify({ token: 'forged-token' }),
    });

    expect(error).toContain('HTTP 403');
    expect(error).toContain('The Turnstile check did not pass');
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ error: { code: 'turnstile_failed' } });
    const log = stack.proxy.output().slice(logBefore);
    expect(log).toContain('"auth":"turnstile_failed"');
    expect(log).not.toContain('/v1/chat/completions');
    await page.close();
  }, 60_000);

  it('MCP servers behind the proxy get the same client token', async () => {
    stack.model.enqueue(
      {
        toolCalls: [{ id: 'e1', name: 'mcp__everything__echo', arguments: { message: 'through Turnstile' } }],
      },
      { text: 'Echoed it.' },
    );
    const page = await openPage(PASSING_KEY);
    await page.evaluate(() =>
      document
        .querySelector('agent-chat')!
        .setAttribute('mcp-servers', JSON.stringify([{ id: 'everything' }])),
    );
    const first = stack.model.requests.length;
    const logBefore = stack.proxy.output().length;

    await send(page, 'Echo something');
    await page.waitForFunction(() =>
      [
        ...(document
          .querySelector('agent-chat')
          ?.shadowRoot?.querySelectorAll('[part~="message-assistant"]') ?? []),
      ].some((m) => m.textContent?.includes('Echoed it.')),
    );

    const toolResults = stack.model.requests
      .slice(first)
      .flatMap((r) => (r.body as { messages: Array<{ role: string; content: string }> }).messages)
      .filter((m) => m.role === 'tool')
      .map((m) => m.content);
    expect(toolResults.join('\n')).toContain('through Turnstile');
    const log = stack.proxy.output().slice(logBefore);
    expect(log).toMatch(/"method":"POST","path":"\/mcp\/everything","status":200[^\n]*"auth":"ok"/);
    expect(log).not.toMatch(/"path":"\/mcp\/everything","status":401/);
    await page.close();
  }, 90_000);
});
