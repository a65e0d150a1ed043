import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { useWidgetStack } from './use-widget-stack.ts';

// A reasoning model through the real proxy (wrangler dev) to the real script-tag build in Chromium:
// the Thinking disclosure streams, collapses when the answer starts, and is still there after a reload.
const stack = useWidgetStack({
  upstreamApiKey: 'sk-e2e-reasoning-upstream',
});

const REASONING =
  'The user asks about Gyokuro. It is a shaded Japanese green tea, so I will say that briefly.';

describe('<agent-chat> with a reasoning model, through the proxy', () => {
  it('streams the Thinking disclosure, collapses it for the answer, and keeps it after a reload', async () => {
    // reasoning_content deltas (DeepSeek / vLLM style), then the answer, 60 ms apart.
    stack.model.enqueue({
      reasoning: REASONING,
      text: 'Gyokuro is a shaded Japanese green tea.',
      chunkSize: 6,
      delayMs: 60,
    });
    const page: Page = await isolatedPage(stack.browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.locator('agent-chat').evaluate((element) => element.setAttribute('reasoning-effort', 'low'));
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('What is Gyokuro?');
    await input.press('Enter');

    const details = page.locator('agent-chat [part~="reasoning"]');
    const summary = page.locator('agent-chat [part~="reasoning-summary"]');
    // While the model thinks: open, "Thinking…", the reasoning growing, no answer yet.
    await expect.poll(() => details.getAttribute('open'), { timeout: 30_000 }).toBe('');
    expect(await summary.textContent()).toBe('Thinking…');
    const partial = await details.locator('.reasoning-text').textContent();
    expect(partial!.length).toBeGreaterThan(0);
    expect(REASONING.startsWith(partial!)).toBe(true);
    // Once the answer streams: collapsed, with how long the model thought.
    const answer = page.locator('agent-chat [part~="message-assistant"]');
    await expect
      .poll(() => answer.last().textContent(), { timeout: 30_000 })
      .toContain('shaded Japanese green tea');
    await expect.poll(() => summary.textContent()).toMatch(/^Thought for \d+(\.\d)? m?s$/);
    expect(await details.getAttribute('open')).toBeNull();
    expect(await details.locator('.reasoning-text').textContent()).toBe(REASONING);
    expect(await answer.last().textContent()).not.toContain('Gyokuro. It is');
    // reasoning-effort went through the proxy as reasoning_effort.
    expect(stack.model.requests.at(-1)?.body).toMatchObject({ reasoning_effort: 'low' });
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count()).toBe(0);

    await page.reload();
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toMatch(/^Thought for /);
    expect(await details.getAttribute('open')).toBeNull();
    expect(await details.locator('.reasoning-text').textContent()).toBe(REASONING);
    expect(await answer.allTextContents()).toEqual([expect.stringContaining('shaded Japanese green tea')]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
