import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startLegacyServer, startModernServer, type V2Server } from '../mcp/v2-servers.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { useWidgetStack } from './use-widget-stack.ts';

// Two servers of the v2 server SDK behind the proxy (wrangler dev): one that speaks only 2026-07-28,
// statelessly, and one that speaks only 2025-11-25. The widget's hub negotiates each on its own.
const FORECAST = 'mcp__weather__forecast';
const GREET = 'mcp__greeter__greet';

let modern: V2Server;
let legacy: V2Server;
const stack = useWidgetStack(
  async () => {
    modern = await startModernServer();
    legacy = await startLegacyServer();
    return {
      upstreamApiKey: 'sk-e2e-mcp-revisions',
      mcpServers: JSON.stringify([{ id: 'weather' }, { id: 'greeter' }]),
      proxyVars: {
        MCP_SERVERS: JSON.stringify({ weather: { url: modern.url }, greeter: { url: legacy.url } }),
      },
    };
  },
  async () => {
    await modern?.stop();
    await legacy?.stop();
  },
);

/** The example page, recording inside it every distinct value the stage's progress bar shows. */
async function openChat(): Promise<{ page: Page; errors: string[] }> {
  const page = await isolatedPage(stack.browser, { viewport: { width: 900, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(stack.example.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => {
    const shadow = document.querySelector('agent-chat')!.shadowRoot!;
    const w = window as unknown as { __progress: number[] };
    w.__progress = [];
    new MutationObserver(() => {
      const bar = shadow.querySelector<HTMLProgressElement>('[part~="stage-progress"]');
      if (bar && bar.value !== w.__progress.at(-1)) w.__progress.push(bar.value);
    }).observe(shadow, { subtree: true, childList: true, attributes: true });
  });
  return { page, errors };
}

/** The tool messages of the model's `index`-th request. */
function toolMessages(index: number): string[] {
  const body = stack.model.requests[index]?.body as { messages: Array<{ role: string; content: string }> };
  return body.messages.filter((m) => m.role === 'tool').map((m) => m.content);
}

describe('<agent-chat mcp-servers> → proxy (workerd) → a 2026-07-28 and a 2025-11-25 server (v2 SDK)', () => {
  it('calls a tool of each: the new one statelessly, with its input-required form and progress; the old one through initialize', async () => {
    stack.model.enqueue(
      { toolCalls: [{ id: 'fc', name: FORECAST, arguments: { city: 'Paris' } }] },
      { toolCalls: [{ id: 'hi', name: GREET, arguments: { name: 'Ada' } }] },
      { text: 'Sunny in Paris, and hello to Ada.' },
    );
    const first = stack.model.requests.length;
    const { page, errors } = await openChat();
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('Weather in Paris, then greet Ada');
    await input.press('Enter');

    // The 2026-07-28 server's input-required elicitation is the widget's usual form.
    const form = page.locator('agent-chat [part~="clarify"]');
    await expect.poll(() => form.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => form.locator('.question').textContent()).toContain('Which unit for Paris?');
    await form.locator('select[name="unit"]').selectOption({ label: 'celsius' });
    await form.locator('[part~="form-submit"]').click();

    const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect
      .poll(() => assistant.textContent(), { timeout: 30_000 })
      .toContain('Sunny in Paris, and hello to Ada.');
    expect(toolMessages(first + 1)).toEqual([expect.stringContaining('Forecast for Paris: sunny, 21 °C.')]);
    expect(toolMessages(first + 2).at(-1)).toContain('Hello, Ada!');
    // The forecast's three progress steps showed on its stage, in order.
    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(progress).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(progress.slice(progress.lastIndexOf(1))).toEqual([1, 2, 3]);

    // The new server was reached statelessly (no initialize, no session) with the standard headers,
    // through the proxy; the old one fell back to initialize.
    const calls = modern.requests.filter((r) => r.method === 'tools/call');
    expect(calls.length).toBe(2); // the elicitation's round, then the call with the answer
    for (const call of calls)
      expect(call.headers).toMatchObject({
        'mcp-method': 'tools/call',
        'mcp-name': 'forecast',
        'mcp-protocol-version': '2026-07-28',
      });
    expect(modern.requests.map((r) => r.method)).toContain('server/discover');
    expect(modern.requests.map((r) => r.method)).not.toContain('initialize');
    expect(modern.requests.every((r) => r.headers['mcp-session-id'] === undefined)).toBe(true);
    expect(legacy.requests.map((r) => r.method)).toContain('initialize');
    expect(legacy.requests.find((r) => r.method === 'tools/call')?.headers['mcp-protocol-version']).toBe(
      '2025-11-25',
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
