import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExampleServer } from '../../scripts/lib/example-server.ts';
import type { ProxyDev } from '../../scripts/lib/proxy-dev.ts';
import type { ScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

const root = resolve(import.meta.dirname, '../..');
const artifacts = join(root, 'test/artifacts');
const SECRET = 'sk-e2e-upstream-secret-4f9c';

let stack: WidgetStack;
let model: ScriptedModelServer;
let example: ExampleServer;
let proxy: ProxyDev;
let browser: Browser;

beforeAll(async () => {
  // The page loads the real script-tag build (the e2e project’s one build, widget-dist.global.ts).
  stack = await startWidgetStack({ upstreamApiKey: SECRET });
  ({ model, example, proxy, browser } = stack);
  mkdirSync(artifacts, { recursive: true });
});
afterAll(async () => {
  await stack?.stop();
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
    const page = await isolatedPage(browser, { viewport: { width: 900, height: 700 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const requestsBefore = model.requests.length;
    // The tool's catalogue fetch is held until the stage has been seen running: a tool this quick can start
    // and finish within one frame when the whole tool-call stream arrives in one read on a busy machine.
    let toolHeld = false;
    await page.route(/\/products\.json$/, async (route) => {
      toolHeld = true;
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses), {
          timeout: 30_000,
        })
        .toContain('running');
      await route.continue();
    });
    await page.goto(example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await watchWidget(page);

    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Which green teas do you have under 20 euros?');
    await input.press('Enter');

    const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toContain(answer);

    const { statuses, texts } = await page.evaluate(() => {
      const w = window as unknown as { __statuses: string[]; __texts: string[] };
      return { statuses: w.__statuses, texts: w.__texts };
    });
    // The stage was seen running, then done; before that, as its arguments streamed, the shop's own view of
    // search_products may show it with status "input" (if a frame fell while they came).
    expect(toolHeld).toBe(true);
    expect(statuses.filter((status) => status !== 'input')).toEqual(['running', 'done']);
    expect(statuses.indexOf('input')).toBeLessThanOrEqual(0);
    await expect
      .poll(() => page.locator('agent-chat [part~="stage"]').textContent())
      .toContain('search_products');
    // The answer arrived in pieces, not at once.
    expect(texts.length).toBeGreaterThanOrEqual(5);
    expect(texts.at(-1)).toContain(answer);

    // The model saw the tool's result (the page's catalogue, filtered by the arguments it sent).
    const second = model.requests[requestsBefore + 1]?.body as {
      messages: Array<{ role: string; content: string }>;
    };
    const toolMessage = second.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toContain('Sencha');
    expect(toolMessage?.content).not.toContain('Gyokuro');
    // The proxy added the key; the page never had it.
    expect(model.requests[requestsBefore]?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(await page.content()).not.toContain(SECRET);
    expect(proxy.output()).not.toContain(SECRET);
    expect(pageErrors).toEqual([]);

    // The run is over: the stop button is gone.
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count()).toBe(0);
    await page.screenshot({ path: join(artifacts, 'script-tag-e2e.png') });

    // After a reload the stored stage shows at once, done and named, while the chunk that draws stages (and
    // runs calls) is held back; it fills in when the chunk comes.
    let chunkHeld = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/agent-chat-tool-call-[\w]+\.js$/, async (route) => {
      chunkHeld = true;
      await released;
      await route.continue();
    });
    await page.reload();
    const shell = page.locator('agent-chat [part~="stage"][data-status="done"]');
    await expect.poll(() => shell.textContent(), { timeout: 30_000 }).toContain('search_products');
    // The shell may draw before the chunk's request reaches the route; the body waits for the chunk either way.
    await expect.poll(() => chunkHeld, { timeout: 30_000 }).toBe(true);
    expect(await page.locator('agent-chat [part~="stage"] .stage-body').count()).toBe(0);
    release();
    await page
      .locator('agent-chat [part~="stage"] .stage-body')
      .waitFor({ state: 'attached', timeout: 30_000 });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows the provider error in the page without crashing it and keeps the typed text usable', async () => {
    // The agent retries a 503 three times (transport layer) before showing it: four refusals.
    const overloaded = { error: { status: 503, body: { error: { message: 'The model is overloaded' } } } };
    model.enqueue(overloaded, overloaded, overloaded, overloaded);
    const page = await isolatedPage(browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(example.url);
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Hello?');
    await input.press('Enter');
    const alert = page.locator('agent-chat [role="alert"]');
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(/overloaded/);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('renders a hostile answer and tool result inert through the whole stack', async () => {
    const evil =
      'Hi <img src=x onerror="window.__xss=1"> [click](javascript:window.__xss=2) ' +
      '<a href="javascript:window.__xss=3">me</a>\n\n<script>window.__xss=4</script>\n\n**done**';
    model.enqueue(
      { toolCalls: [{ name: 'read_review', arguments: {} }] },
      { text: evil, chunkSize: 7, delayMs: 2 },
    );
    const page = await isolatedPage(browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    // A module script of the page adds the tool (page.evaluate code would be rewritten by Vite's SSR transform).
    await page.addScriptTag({
      type: 'module',
      content: `
        import { defineTool } from './agent-chat.js';
        document.querySelector('agent-chat').tools = [defineTool({
          name: 'read_review',
          description: 'A customer review (untrusted).',
          parameters: { type: 'object', properties: {} },
          execute: () => ${JSON.stringify(evil)},
        })];
        window.__toolsReady = true;`,
    });
    await page.waitForFunction(() => (window as { __toolsReady?: boolean }).__toolsReady === true);
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Show the review');
    await input.press('Enter');
    const assistant = page.locator('agent-chat [part~="message-assistant"] strong');
    await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toBe('done');
    // Open the stage so its result preview is rendered and visible too.
    await page.locator('agent-chat [part~="stage-summary"]').click();
    await page.locator('agent-chat [part~="stage"][open] [part~="stage-summary"]').waitFor();
    const inert = await page.evaluate(() => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      return {
        xss: (window as { __xss?: unknown }).__xss ?? null,
        scripts: root.querySelectorAll('script').length,
        handlers: root.querySelectorAll('[onerror]').length,
        jsLinks: [...root.querySelectorAll('a')].filter((a) =>
          /javascript/i.test(a.getAttribute('href') ?? ''),
        ).length,
        preview: root.querySelector('.stage-result')?.textContent ?? '',
      };
    });
    expect(inert).toEqual({ xss: null, scripts: 0, handlers: 0, jsLinks: 0, preview: evil });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('regenerates the last answer through the proxy without the old answer in the history', async () => {
    model.enqueue({ text: 'First try.' }, { text: 'Second try.' });
    const page = await isolatedPage(browser);
    await page.goto(example.url);
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Recommend a tea');
    await input.press('Enter');
    const assistant = page.locator('agent-chat [part~="message-assistant"]');
    await expect.poll(() => assistant.last().textContent(), { timeout: 20_000 }).toBe('First try.');
    const before = model.requests.length;
    await page.locator('agent-chat [part~="regenerate"]').click();
    await expect.poll(() => assistant.last().textContent(), { timeout: 20_000 }).toBe('Second try.');
    expect(await assistant.count()).toBe(1);
    const body = model.requests[before]?.body as { messages: Array<{ role: string; content: string }> };
    // Memory is on by default: the message carries its [ID:q1] label; the old answer is nowhere.
    expect(body.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      expect.stringContaining('Recommend a tea'),
    ]);
    expect(JSON.stringify(body.messages)).not.toContain('First try.');
    await page.close();
  });

  it('passes axe-core and is screenshotted light, dark (prefers-color-scheme) and 375 px wide', async () => {
    const answer =
      'Try **Sencha**:\n\n| Tea | Price |\n| --- | ---: |\n| Sencha | 12.50 |\n\n```js\nbrew({ temp: 75 });\n```\n';
    const shots: Array<{ name: string; width: number; colorScheme: 'light' | 'dark' }> = [
      { name: 'widget-light.png', width: 900, colorScheme: 'light' },
      { name: 'widget-dark.png', width: 900, colorScheme: 'dark' },
      { name: 'widget-375.png', width: 375, colorScheme: 'light' },
    ];
    for (const shot of shots) {
      model.enqueue(
        { toolCalls: [{ name: 'search_products', arguments: { query: 'green', maxPrice: 20 } }] },
        { text: answer, chunkSize: 12, delayMs: 1 },
      );
      const page = await isolatedPage(browser, {
        viewport: { width: shot.width, height: 760 },
        colorScheme: shot.colorScheme,
      });
      await page.goto(example.url);
      const input = page.locator('agent-chat textarea');
      await composerReady(page);
      await input.fill('Which green tea?');
      await input.press('Enter');
      await expect
        .poll(() => page.locator('agent-chat [part~="message-assistant"] code').last().textContent(), {
          timeout: 20_000,
        })
        .toContain('brew');
      await expect.poll(() => page.locator('agent-chat [part~="stop"]').count()).toBe(0);
      // The finished js block gets highlighted from the lazily loaded highlighter chunk.
      await expect
        .poll(() =>
          page.locator('agent-chat [part~="message-assistant"] code .shj-syn-func').first().textContent(),
        )
        .toBe('brew');
      const background = await page.evaluate(
        () => getComputedStyle(document.querySelector('agent-chat')!).backgroundColor,
      );
      expect(background).toBe(shot.colorScheme === 'dark' ? 'rgb(24, 24, 27)' : 'rgb(255, 255, 255)');
      // Nothing overflows the narrow screen sideways.
      const overflow = await page.evaluate(() => {
        const log = document
          .querySelector('agent-chat')!
          .shadowRoot!.querySelector<HTMLElement>('[part~="log"]')!;
        return log.scrollWidth - log.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(1);
      await page.addScriptTag({ path: join(root, 'packages/widget/node_modules/axe-core/axe.min.js') });
      const serious = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(c: Element): Promise<{ violations: Array<{ id: string; impact: string }> }> };
          }
        ).axe;
        const result = await axe.run(document.querySelector('agent-chat')!);
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id);
      });
      expect(serious).toEqual([]);
      await page.locator('agent-chat').screenshot({ path: join(artifacts, shot.name) });
      await page.close();
    }
  });
});
