import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import type { BenchContext } from '../lib/benchmark.ts';
import type { FirstChatScenario } from './first-chat-scenarios.ts';
import { widgetScriptTag } from './widget-build.ts';

/**
 * The answer actions (copy, feedback, regenerate: answers/actions/answer-actions.ts) load once an answer has
 * finished, so they are never on the path to it. Named, not timed: with a highlighted code block the actions'
 * request sometimes began before the highlighting ended, and the row varied by their 4.6 KB between runs.
 */
const AFTER_THE_ANSWER = /^agent-chat-answer-actions-[\w-]+\.js$/;

/** The widget files a first chat downloads, with their gzip -9 sizes. */
export interface FirstChat {
  files: Array<{ name: string; gzip: number }>;
  gzip: number;
}

/**
 * What a page with the script tag and `<agent-chat proxy-url model>` (memory on by default; knowledge,
 * PDFs, MCP and WebMCP stay lazy for pages that use them) downloads from the widget's build before the
 * first answer renders, observed in Chromium: the page is loaded, a message sent, the model's stream answered by the browser's request routing (no network, no proxy), and every
 * `agent-chat*.js` (and `agent-chat*.html`, the diagram frame's page) the page requested until the answer shows (by the page's resource timing) is counted once, gzip -9 of the file.
 * `scenario` says what the first answer holds (plain Markdown, a code block, a page tool call).
 */
export async function firstChat(
  context: BenchContext,
  scenario: FirstChatScenario,
): Promise<FirstChat | undefined> {
  if (!widgetScriptTag(context)) return undefined;
  const dist = join(context.root, 'packages/widget/dist');
  const proxyUrl = 'http://127.0.0.1:9';
  const page = `<!doctype html><meta charset="utf-8"><script type="module" src="/agent-chat.js"></script>
${scenario.element ?? `<agent-chat proxy-url="${proxyUrl}" model="gpt-4o-mini"></agent-chat>`}${scenario.pageExtra}`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    // (The diagram frame's page is an .html file beside the scripts.)
    if (!/^\/agent-chat[\w.-]*\.(?:js|html)$/.test(path)) return void res.writeHead(404).end();
    try {
      const type = path.endsWith('.html') ? 'text/html' : 'text/javascript';
      res.writeHead(200, { 'content-type': type }).end(readFileSync(join(dist, path)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const example = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const loaded = new Set<string>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.url().startsWith(example.url) && /^\/agent-chat[^/]*\.(?:js|html)$/.test(path))
        loaded.add(path.slice(1));
    });
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    await page.route(`${proxyUrl}/**`, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fulfill({ status: 204, headers: cors })
        : route.fulfill({
            status: 200,
            headers: { ...cors, 'content-type': 'text/event-stream' },
            body: scenario.stream(route.request().postData() ?? ''),
          }),
    );
    await page.goto(example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    // When the answer rendered, in the page's clock: what is fetched after it (copy and feedback, loaded
    // once the answer is there) is not on the path to the first answer.
    await page.evaluate((rendered) => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      new MutationObserver((_, observer) => {
        if (!rendered.every((selector) => root.querySelector(selector))) return;
        (window as unknown as { answeredAt: number }).answeredAt = performance.now();
        observer.disconnect();
      }).observe(root, { subtree: true, childList: true, attributes: true });
    }, scenario.rendered);
    const input = page.locator('agent-chat textarea');
    await input.fill('Tell me about Sencha');
    await input.press('Enter');
    for (const selector of scenario.rendered)
      await page.locator(`agent-chat ${selector}`).first().waitFor({ timeout: 30_000 });
    const before = new Set(
      await page.evaluate(() => {
        const answeredAt = (window as unknown as { answeredAt: number }).answeredAt;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= answeredAt)
          .map((entry) => new URL(entry.name).pathname.slice(1));
      }),
    );
    const files = [...loaded]
      .filter((name) => before.has(name) && !AFTER_THE_ANSWER.test(name))
      .sort()
      .map((name) => ({
        name,
        gzip: gzipSync(readFileSync(join(dist, name)), { level: 9 }).byteLength,
      }));
    return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
  } finally {
    await browser.close();
    await example.close();
  }
}
