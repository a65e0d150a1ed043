// Must-show of issue 44: a page configured by HTML only (the script-tag build, a scripted model through the
// proxy) shows an answer's math as KaTeX MathML (no raw `$`), a Mermaid diagram as an SVG, a reference link
// with the rules of inline links and a footnote linked both ways, axe-clean; the same page under a strict
// Content-Security-Policy with Trusted Types enforced does the same (Mermaid draws in the widget's sandboxed
// frame, which the policy allows by its URL) and reports no violation; under a policy without that frame-src
// the diagram shows its source and the error.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExampleServer } from '../../scripts/lib/example-server.ts';
import { axeSource } from './axe-source.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

const pageDir = join(import.meta.dirname, 'pages/rich-answers');
const cspDir = join(import.meta.dirname, 'pages/strict-csp');
let stack: WidgetStack;

/**
 * The README's strict policy for a chat without page tools (as strict-csp.test.ts serves it), with the
 * diagram frame allowed by its URL (`frameUrl`) or not at all.
 */
const strictPolicy = (proxyUrl: string, frameUrl?: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${proxyUrl}`,
    "img-src 'self' data: blob:",
    ...(frameUrl ? [`frame-src ${frameUrl}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html',
  ].join('; ');

/**
 * `/strict` with the policy as a header, `/strict-no-frame` with it but no frame-src, `/` without; the
 * widget's files (and its diagram frame's page) from the e2e build.
 */
async function serveRichPage(proxyUrl: string, distDir: string): Promise<ExampleServer> {
  const html = (await readFile(join(pageDir, 'index.html'), 'utf8')).replace('PROXY_URL', proxyUrl);
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // Only the document's policy applies; its scripts' headers do not matter. The frame's page brings its own.
    const frameUrl = `http://${req.headers.host}/agent-chat-diagram-frame.html`;
    const policy =
      path === '/strict'
        ? strictPolicy(proxyUrl, frameUrl)
        : path === '/strict-no-frame'
          ? strictPolicy(proxyUrl)
          : undefined;
    const headers = {
      'cache-control': 'no-store',
      ...(policy ? { 'content-security-policy': policy } : {}),
    };
    if (path === '/' || path === '/strict' || path === '/strict-no-frame')
      return void res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(html);
    const file = path.startsWith('/agent-chat') ? join(distDir, path) : join(cspDir, path);
    if (!normalize(file).startsWith(distDir) && !normalize(file).startsWith(cspDir))
      return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      const type = file.endsWith('.css')
        ? 'text/css'
        : file.endsWith('.html')
          ? 'text/html'
          : 'text/javascript';
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
    upstreamApiKey: 'sk-e2e-rich-answers-upstream',
    serveSite: ({ proxyUrl, distDir }) => serveRichPage(proxyUrl, distDir),
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const ANSWER = [
  'Energy: $E = mc^2$, and \\(a^2 + b^2 = c^2\\).',
  '',
  '$$',
  '\\int_0^1 x\\,dx = \\frac{1}{2}',
  '$$',
  '',
  'See [the guide][guide] or [the shop](https://tea.example/shop), and steep it briefly.[^temp]',
  '',
  '[guide]: https://tea.example/guide "Brewing guide"',
  '[^temp]: At 75 °C for one minute.',
  '',
].join('\n');

/** Serious or critical axe-core violations inside the element. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not a <script>: the strict page's Trusted Types refuse a script element's text.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
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
}

const DIAGRAM = '\n```mermaid\nflowchart LR\n  Kettle --> Teapot --> Cup\n```\n';

/**
 * Asks, and checks the answer's math, links and footnote (and its diagram with `diagram`); returns the
 * page for more checks.
 */
async function askAndCheck(path: string, diagram: boolean): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await isolatedPage(stack.browser);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${stack.example.url}${path}`);
  stack.model.enqueue({ text: diagram ? ANSWER + DIAGRAM : ANSWER, chunkSize: 7, delayMs: 2 });
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill('Explain the physics of tea');
  await input.press('Enter');
  const answer = page.locator('agent-chat [part~="message-assistant"]');
  // Inline and display math as KaTeX's MathML (the chunk loads with the first formula).
  await expect.poll(() => answer.locator('.math math').count(), { timeout: 30_000 }).toBe(3);
  expect(await answer.locator('.math-display math[display="block"]').count()).toBe(1);
  const shown = () =>
    answer.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const a of copy.querySelectorAll('annotation')) a.remove();
      return copy.textContent ?? '';
    });
  // The math is typeset before the stream reaches the reference definitions at the end of the answer: the
  // reference link and the footnote resolve once they arrive. Waited for together: before the paragraph
  // with the links has streamed, there is nothing unresolved to see either.
  const unresolved = /\$|\\\(|\\\[|\[guide\]|\[\^temp\]/;
  await expect
    .poll(
      async () => {
        const text = await shown();
        return { links: text.includes('See the guide or the shop'), unresolved: unresolved.test(text) };
      },
      { timeout: 30_000 },
    )
    .toEqual({ links: true, unresolved: false });
  // The reference link follows the rules of the inline link beside it.
  const reference = answer.getByRole('link', { name: 'the guide' });
  const inline = answer.getByRole('link', { name: 'the shop' });
  expect(await reference.getAttribute('href')).toBe('https://tea.example/guide');
  expect(await reference.getAttribute('title')).toBe('Brewing guide');
  for (const name of ['target', 'rel'])
    expect(await reference.getAttribute(name)).toBe(await inline.getAttribute(name));
  // The footnote links both ways inside the shadow root.
  const ref = answer.locator('sup a.footnote-ref');
  expect(await ref.textContent()).toBe('1');
  await ref.click();
  const focused = () =>
    page.evaluate(() => document.querySelector('agent-chat')!.shadowRoot!.activeElement?.textContent ?? '');
  await expect.poll(focused).toContain('At 75 °C for one minute.');
  await answer.locator('a.footnote-back').click();
  await expect.poll(focused).toBe('1');
  if (diagram) {
    // The Mermaid block, drawn as an SVG image; its source one click away.
    const image = answer.locator('figure.diagram .diagram-view img');
    await expect.poll(() => image.count(), { timeout: 30_000 }).toBe(1);
    const svg = decodeURIComponent(
      (await image.getAttribute('src'))!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''),
    );
    expect(svg).toMatch(/^<svg[\s\S]*Teapot[\s\S]*<\/svg>$/);
    await answer.locator('figure.diagram summary').click();
    expect(await answer.locator('figure.diagram details pre').textContent()).toContain('Kettle --> Teapot');
  }
  return { page, pageErrors };
}

describe('answers with math, reference links and footnotes', () => {
  it('renders them and a Mermaid diagram on a page configured by HTML only, axe-clean', async () => {
    const { page, pageErrors } = await askAndCheck('/', true);
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('renders them and the diagram under a strict Content-Security-Policy with Trusted Types, with no violation', async () => {
    // Mermaid sets innerHTML while it draws: it draws in the widget's sandboxed frame, which the policy allows.
    const { page, pageErrors } = await askAndCheck('/strict', true);
    const violations = await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // The policy was in force: a string into an HTML sink throws.
    const enforced = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>x</b>';
        return false;
      } catch {
        return true;
      }
    });
    expect(enforced).toBe(true);
    await page.close();
  });

  it('shows a diagram as its source and the error where the policy does not allow the frame', async () => {
    const page = await isolatedPage(stack.browser);
    await page.goto(`${stack.example.url}/strict-no-frame`);
    stack.model.enqueue({ text: `Steps:${DIAGRAM}`, chunkSize: 7, delayMs: 2 });
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Draw the steps');
    await input.press('Enter');
    const figure = page.locator('agent-chat [part~="message-assistant"] figure.diagram');
    await expect.poll(() => figure.locator('.diagram-error').count(), { timeout: 30_000 }).toBe(1);
    expect(await figure.locator('.diagram-error').textContent()).toMatch(/could not be drawn/);
    expect(await figure.locator('details').getAttribute('open')).not.toBeNull();
    expect(await figure.locator('details pre').textContent()).toContain('Kettle --> Teapot');
    expect(await figure.locator('img').count()).toBe(0);
    // The policy refused the frame (and then Mermaid's innerHTML in the page).
    const violations = await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations);
    expect(violations?.[0]).toMatch(/^frame-src/);
    await page.close();
  });
});
