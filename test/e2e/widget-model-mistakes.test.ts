import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { useWidgetStack } from './use-widget-stack.ts';

// The script-tag build configured by HTML, through the real proxy (wrangler dev) to the scripted model:
// the model's stream is cut mid-answer (the upstream drops the connection), the widget retries once and
// shows the retried answer in place of the partial one.
const stack = useWidgetStack({
  upstreamApiKey: 'sk-e2e-mistakes-upstream',
});

const PARTIAL = 'Our shop opens every weekday';
const ANSWER = 'The shop opens at nine on weekdays and at ten on Saturdays.';

describe('<agent-chat> from HTML, when the model’s stream is cut', () => {
  it('replaces the partial answer by the retried one, with no partial text left', async () => {
    // Role chunk + 5 pieces of 6 characters, 80 ms apart, then the connection drops; the retry answers whole.
    stack.model.enqueue(
      { text: `${PARTIAL} at nine.`, chunkSize: 6, delayMs: 80, cutAfterEvents: 6 },
      { text: ANSWER, chunkSize: 6, delayMs: 10 },
    );
    const page: Page = await isolatedPage(stack.browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    // Whether the partial text was ever on screen, seen by the page itself at every change of the log (a
    // poll from outside can miss the moment between the cut and the retry on a busy machine).
    await page.evaluate((partial) => {
      const root = document.querySelector('agent-chat')!.shadowRoot!;
      const w = window as unknown as { sawPartial: boolean };
      w.sawPartial = false;
      new MutationObserver(() => {
        const answers = root.querySelectorAll('[part~="message-assistant"]');
        if ([...answers].some((answer) => answer.textContent?.includes(partial))) w.sawPartial = true;
      }).observe(root, { subtree: true, childList: true, characterData: true });
    }, 'Our shop');
    const input = page.locator('agent-chat textarea');
    await composerReady(page);
    await input.fill('When are you open?');
    await input.press('Enter');

    const answers = page.locator('agent-chat [part~="message-assistant"]');
    // Only the retried answer is on screen in the end…
    await expect.poll(() => answers.allTextContents(), { timeout: 30_000 }).toEqual([ANSWER]);
    // …although the partial text was, before the cut.
    expect(await page.evaluate(() => (window as unknown as { sawPartial: boolean }).sawPartial)).toBe(true);
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count()).toBe(0);
    expect(await page.locator('agent-chat [part~="log"]').textContent()).not.toContain('every weekday');
    expect(await page.locator('agent-chat [part="error"]').count()).toBe(0);
    expect(stack.model.pending).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
