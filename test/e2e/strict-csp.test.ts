// Must-show of issue 29: <agent-chat> on a page with a strict Content-Security-Policy (no inline script or
// style, Trusted Types enforced; the README's "Content-Security-Policy" section) answers with a tool call,
// a table and a code block, and the page reports no violation.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExampleServer } from '../../scripts/lib/example-server.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

const pageDir = join(import.meta.dirname, 'pages/strict-csp');
let stack: WidgetStack;
let csp = '';

/** The policy of the README's section for a chat with page tools (no MCP Apps, no code interpreter). */
function strictPolicy(proxyUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${proxyUrl}`,
    "img-src 'self' data: blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html',
  ].join('; ');
}

async function serveStrictPage(proxyUrl: string, distDir: string): Promise<ExampleServer> {
  csp = strictPolicy(proxyUrl);
  const html = (await readFile(join(pageDir, 'index.html'), 'utf8')).replace('PROXY_URL', proxyUrl);
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers = { 'content-security-policy': csp, 'cache-control': 'no-store' };
    if (path === '/') return void res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(html);
    const file = path.startsWith('/agent-chat') ? join(distDir, path) : join(pageDir, path);
    if (!normalize(file).startsWith(distDir) && !normalize(file).startsWith(pageDir))
      return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
      res.writeHead(200, { ...headers, 'content-type': type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

beforeAll(async () => {
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-strict-csp-upstream',
    serveSite: ({ proxyUrl, distDir }) => serveStrictPage(proxyUrl, distDir),
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('<agent-chat> under a strict Content-Security-Policy', () => {
  it('shows a tool call, a table and a highlighted code block with no violation reported', async () => {
    const page = await isolatedPage(stack.browser);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Trusted Type/i.test(m.text())) refused.push(m.text());
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(stack.example.url);
    await page.waitForFunction(() => (window as { __toolsReady?: boolean }).__toolsReady === true);
    // The policy is really in force: an inline script would not run, a string into an HTML sink throws.
    expect(await page.evaluate(() => document.querySelector('meta[http-equiv]'))).toBeNull();
    const enforced = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>x</b>';
        return false;
      } catch {
        return true;
      }
    });
    expect(enforced).toBe(true);
    // That probe was refused (and reported): only what follows counts.
    await page.evaluate(() => {
      (window as { __cspViolations?: string[] }).__cspViolations = [];
    });
    refused.length = 0;

    stack.model.enqueue(
      { toolCalls: [{ name: 'list_teas', arguments: {} }] },
      { text: 'Two teas:\n\n```js\nbrew({ tea: "sencha" });\n```\n', chunkSize: 6, delayMs: 2 },
    );
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Which teas do you have?');
    await input.press('Enter');
    const code = page.locator('agent-chat [part~="message-assistant"] code');
    await expect.poll(() => code.textContent(), { timeout: 30_000 }).toContain('brew(');
    await expect
      .poll(() => page.locator('agent-chat [part~="stage"]').getAttribute('data-status'))
      .toBe('done');
    await page.locator('agent-chat [part~="stage-summary"]').click();
    await expect
      .poll(() => page.locator('agent-chat [part~="content-table"]').textContent())
      .toContain('Gyokuro');
    // The code block was highlighted (the highlighter's chunk loaded and built its spans).
    await expect.poll(() => code.locator('.shj-syn-func').count()).toBeGreaterThan(0);
    // The answer actions (copy, feedback) load under the policy too.
    await page.locator('agent-chat [part~="copy"]').waitFor();
    const violations = await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations);
    expect(violations).toEqual([]);
    expect(refused).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
