// Must-show of issue 41: a page configured by HTML alone (the script-tag build, `tool-views`, a custom element
// and WebMCP tools in a plain script) draws a tool's calls with its own element, which acts back into the
// conversation; through the proxy under wrangler dev to the scripted model server, in Chromium.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ExampleServer } from '../../scripts/lib/example-server.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { useWidgetStack } from './use-widget-stack.ts';

const pageDir = join(import.meta.dirname, 'pages/tool-views');

async function serveToolViewsPage(proxyUrl: string, distDir: string): Promise<ExampleServer> {
  const html = (await readFile(join(pageDir, 'index.html'), 'utf8')).replace('PROXY_URL', proxyUrl);
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers = { 'cache-control': 'no-store' };
    if (path === '/') return void res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(html);
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const file = path.startsWith('/agent-chat') ? join(distDir, path) : join(pageDir, path);
    if (!normalize(file).startsWith(distDir) && !normalize(file).startsWith(pageDir))
      return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const stack = useWidgetStack({
  upstreamApiKey: 'sk-e2e-tool-views-upstream',
  serveSite: ({ proxyUrl, distDir }) => serveToolViewsPage(proxyUrl, distDir),
});

type ChatRequest = { messages: Array<{ role: string; content: string | null }> };
type ViewWindow = Window & {
  viewLog: Array<{ callId: string; name: string; value: unknown }>;
  wishlist: string[];
  releaseSearch(): void;
  toolsReady?: boolean;
};
const TEAS = [
  { name: 'Sencha', price: 12 },
  { name: 'Gyokuro', price: 28 },
];

async function open(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(stack.example.url);
  await page.waitForFunction(() => (window as unknown as ViewWindow).toolsReady === true);
  return errors;
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

const lastAnswer = (page: Page) =>
  page.locator('agent-chat [part~="message-assistant"]').last().textContent({ timeout: 30_000 });
const statuses = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as ViewWindow).viewLog.filter((e) => e.name === 'status').map((e) => e.value),
  );
const lastMessage = (index: number) =>
  (stack.model.requests[index]?.body as ChatRequest | undefined)?.messages.at(-1)?.content ?? '';

describe('tool views of a page configured by HTML alone', () => {
  it("draws search_products with the page's element (input-streaming with a partial input, running, then done with input and result); its actions send a message and run a page tool; after a reload it is back, done", async () => {
    const page = await isolatedPage(stack.browser);
    const errors = await open(page);
    stack.model.enqueue(
      // The arguments stream in 2-character fragments, a moment apart, as a model writes them.
      {
        toolCalls: [{ name: 'search_products', arguments: { query: 'green tea' } }],
        fragmentSize: 2,
        delayMs: 40,
      },
      { text: 'Here are two green teas.' },
    );
    await send(page, 'Show me green teas');

    // The tool waits for the test: the view is seen running before it is done.
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toContain('running');
    expect(await statuses(page)).not.toContain('done');
    await page.evaluate(() => (window as unknown as ViewWindow).releaseSearch());
    await expect
      .poll(() => statuses(page), { timeout: 30_000 })
      .toEqual(['input-streaming', 'running', 'done']);
    // While the arguments streamed, the view had them parsed as far as they went: a partial input first.
    const inputs = await page.evaluate(() => {
      const log = (window as unknown as ViewWindow).viewLog;
      const running = log.findIndex((e) => e.name === 'status' && e.value === 'running');
      return log
        .slice(0, running)
        .filter((e) => e.name === 'input')
        .map((e) => e.value);
    });
    const partial = (inputs as Array<{ query?: unknown }>).filter(
      (v) =>
        typeof v.query === 'string' &&
        v.query !== '' &&
        v.query !== 'green tea' &&
        'green tea'.startsWith(v.query),
    );
    expect(partial.length).toBeGreaterThan(0);
    const view = page.locator('agent-chat tea-results');
    expect(
      await view.evaluate((el) => {
        const v = el as HTMLElement & Record<string, unknown>;
        return { toolName: v.toolName, callId: v.callId, status: v.status, input: v.input, result: v.result };
      }),
    ).toEqual({
      toolName: 'search_products',
      callId: expect.stringMatching(/.+/),
      status: 'done',
      input: { query: 'green tea' },
      result: TEAS,
    });
    await expect.poll(() => lastAnswer(page), { timeout: 30_000 }).toContain('two green teas');
    // The stage shows the view, not the default arguments and result.
    expect(
      await page.locator('agent-chat [part~="stage"][data-tool="search_products"] .stage-args').count(),
    ).toBe(0);

    // "Ask about it": a `send` action is the visitor's next message, answered by the model.
    let at = stack.model.requests.length;
    stack.model.enqueue({ text: 'Sencha is a steamed green tea.' });
    await view.locator('button.ask').first().click();
    await expect.poll(() => lastAnswer(page), { timeout: 30_000 }).toContain('steamed green tea');
    expect(lastMessage(at)).toContain('Tell me more about Sencha.');

    // "Add to wishlist": a `call-tool` action runs the page tool (after approval: it is not read-only) once, and
    // the model's next request carries its result.
    at = stack.model.requests.length;
    stack.model.enqueue({ text: 'Gyokuro is on your wishlist now.' });
    await view.locator('button.wish').nth(1).click();
    const approve = page.locator('agent-chat [part~="approve"]');
    await expect.poll(() => approve.count(), { timeout: 10_000 }).toBe(1);
    expect(await page.evaluate(() => (window as unknown as ViewWindow).wishlist)).toEqual([]);
    await approve.click();
    await expect.poll(() => lastAnswer(page), { timeout: 30_000 }).toContain('on your wishlist now');
    expect(await page.evaluate(() => (window as unknown as ViewWindow).wishlist)).toEqual(['Gyokuro']);
    expect(stack.model.requests.length - at).toBe(1);
    expect(lastMessage(at)).toContain('Added Gyokuro to the wishlist');
    expect(errors).toEqual([]);

    // After a reload the stored call gets a fresh view, done, with its stored input and result. The reload
    // comes once the run has ended (its Stop button gone), when the finished turn is stored.
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count(), { timeout: 30_000 }).toBe(0);
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .locator('agent-chat tea-results')
            .evaluateAll((els) =>
              els.map((el) => [
                (el as unknown as ViewWindow & { status: string }).status,
                (el as unknown as { result: unknown }).result,
                (el as unknown as { input: unknown }).input,
              ]),
            ),
        { timeout: 20_000 },
      )
      .toEqual([['done', TEAS, { query: 'green tea' }]]);
    expect(await statuses(page)).toEqual(['done']);
  });

  it('draws a tool without a view as the default stage; a view tag that is not a defined element falls back to it with a notice and a console error naming the tool', async () => {
    const page = await isolatedPage(stack.browser);
    const errors = await open(page);
    stack.model.enqueue(
      {
        toolCalls: [
          { name: 'store_hours', arguments: {} },
          { name: 'check_stock', arguments: { tea: 'Sencha' } },
        ],
      },
      { text: 'Open Mon-Sat; 4 packs in stock.' },
    );
    await send(page, 'When are you open, and is Sencha in stock?');
    await expect.poll(() => lastAnswer(page), { timeout: 30_000 }).toContain('4 packs in stock');
    const stage = (tool: string) => page.locator(`agent-chat [part~="stage"][data-tool="${tool}"]`);
    expect(await stage('store_hours').locator('.stage-result').textContent()).toBe('Mon-Sat 9-18');
    expect(
      await stage('store_hours').locator('[part~="tool-view"], [part~="tool-view-notice"]').count(),
    ).toBe(0);
    expect(await stage('check_stock').locator('.stage-result').textContent()).toContain('"inStock":4');
    expect(await stage('check_stock').locator('[part~="tool-view-notice"]').count()).toBe(1);
    expect(errors).toEqual([expect.stringMatching(/check_stock.*missing-view/)]);
  });
});
