import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { type ExampleServer, serveExample } from '../../scripts/lib/example-server.ts';
import { freePort, type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';

const root = resolve(import.meta.dirname, '../..');
const artifacts = join(root, 'test/artifacts');
const SECRET = 'sk-e2e-upstream-secret-4f9c';

let model: ScriptedModelServer;
let example: ExampleServer;
let proxy: ProxyDev;
let browser: Browser;

beforeAll(async () => {
  // The page loads the real script-tag build, so build it first.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: join(root, 'packages/widget'),
      // Vitest sets NODE_ENV=test, which makes Vite resolve Lit's development build; ship what users get.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  model = await startScriptedModelServer();
  const proxyPort = await freePort();
  example = await serveExample({ proxyUrl: `http://127.0.0.1:${proxyPort}`, model: 'scripted-model' });
  proxy = await startProxyDev({
    upstreamBaseUrl: model.baseURL,
    allowedOrigins: [example.url],
    upstreamApiKey: SECRET,
    port: proxyPort,
  });
  browser = await launchChromium();
  mkdirSync(artifacts, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await example?.close();
  await model?.close();
});

/** Records, inside the page, every distinct stage-status list and every distinct assistant text. */
async function watchWidget(page: Page) {
  await page.evaluate(() => {
    const host = document.querySelector('agent-chat');
    const shadow = host?.shadowRoot;
    if (!shadow) throw new Error('agent-chat has no shadow root');
    const w = window as unknown as { __statuses: string[]; __texts: string[] };
    w.__statuses = [];
    w.__texts = [];
    const record = () => {
      const statuses = [...shadow.querySelectorAll<HTMLElement>('[part~="stage"]')]
        .map((s) => s.dataset.status)
        .join(',');
      if (statuses && statuses !== w.__statuses.at(-1)) w.__statuses.push(statuses);
      const texts = [...shadow.querySelectorAll<HTMLElement>('[part~="message-assistant"]')].map(
        (m) => m.textContent?.trim() ?? '',
      );
      const last = texts.at(-1);
      if (last && last !== w.__texts.at(-1)) w.__texts.push(last);
    };
    new MutationObserver(record).observe(shadow, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

describe('script-tag page → <agent-chat> → proxy (workerd) → scripted model', () => {
  it('calls a page tool with fragmented arguments, shows the stage, and streams the answer', async () => {
    const answer = 'We have Sencha, a grassy Japanese green tea, for 12.50 euros.';
    model.enqueue(
      {
        toolCalls: [{ name: 'search_products', arguments: { query: 'green', maxPrice: 20 } }],
        fragmentSize: 3,
        delayMs: 5,
      },
      { text: answer, chunkSize: 4, delayMs: 15, usage: { inputTokens: 120, outputTokens: 18 } },
    );
    const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await watchWidget(page);

    const input = page.locator('agent-chat textarea');
    await input.fill('Which green teas do you have under 20 euros?');
    await input.press('Enter');

    const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toContain(answer);

    const { statuses, texts } = await page.evaluate(() => {
      const w = window as unknown as { __statuses: string[]; __texts: string[] };
      return { statuses: w.__statuses, texts: w.__texts };
    });
    // The stage was seen running, then done.
    expect(statuses).toEqual(['running', 'done']);
    await expect
      .poll(() => page.locator('agent-chat [part~="stage"]').textContent())
      .toContain('search_products');
    // The answer arrived in pieces, not at once.
    expect(texts.length).toBeGreaterThanOrEqual(5);
    expect(texts.at(-1)).toContain(answer);

    // The model saw the tool's result (the page's catalogue, filtered by the arguments it sent).
    const second = model.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
    const toolMessage = second.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toContain('Sencha');
    expect(toolMessage?.content).not.toContain('Gyokuro');
    // The proxy added the key; the page never had it.
    expect(model.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(await page.content()).not.toContain(SECRET);
    expect(proxy.output()).not.toContain(SECRET);
    expect(pageErrors).toEqual([]);

    // The run is over: the stop button is gone.
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count()).toBe(0);
    await page.screenshot({ path: join(artifacts, 'script-tag-e2e.png') });
    await page.close();
  });

  it('shows the provider error in the page without crashing it and keeps the typed text usable', async () => {
    // The agent retries a 503 three times (transport layer) before showing it: four refusals.
    const overloaded = { error: { status: 503, body: { error: { message: 'The model is overloaded' } } } };
    model.enqueue(overloaded, overloaded, overloaded, overloaded);
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(example.url);
    const input = page.locator('agent-chat textarea');
    await input.fill('Hello?');
    await input.press('Enter');
    const alert = page.locator('agent-chat [role="alert"]');
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(/overloaded/);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
