import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

// The proxy's 402 (credits spent) and 429 (rate limit) reach the widget in Chromium, through core's
// typed errors, as a plain notice saying when to come back, beside the typed message.

const SECRET = 'sk-e2e-limits-secret-61d0';
let stack: WidgetStack;

beforeAll(async () => {
  stack = await startWidgetStack({
    upstreamApiKey: SECRET,
    proxyVars: {
      // Two models: the dear one costs more than a day's credits; the cheap one twice a minute.
      MODELS: 'scripted-model,scripted-dear',
      CREDIT_PRICES: JSON.stringify({ modelCall: 1, models: { 'scripted-dear': 100 } }),
      DAILY_CREDITS: '50',
      RATE_LIMIT_PER_MINUTE: '2',
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

async function send(page: Page, text: string) {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

const partText = (page: Page, part: string) =>
  page.evaluate(
    (name) =>
      document.querySelector('agent-chat')?.shadowRoot?.querySelector(`[part~="${name}"]`)?.textContent ??
      null,
    part,
  );

describe('limits through the proxy in the widget (Chromium)', () => {
  it('says the credits are used up and when they come back, then that the rate limit allows more in N s', async () => {
    const page = await isolatedPage(stack.browser);
    const errors: { code: string; resetAt?: string; retryAfterSeconds?: number }[] = [];
    await page.exposeFunction('__onError', (detail: { code: string }) => errors.push(detail));
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.evaluate(() => {
      const host = document.querySelector('agent-chat')!;
      host.addEventListener('agent-chat-error', (e) =>
        (window as unknown as { __onError: (d: unknown) => void }).__onError((e as CustomEvent).detail),
      );
      host.setAttribute('model', 'scripted-dear');
    });

    await send(page, 'An expensive question');
    await page.waitForFunction(() =>
      document.querySelector('agent-chat')?.shadowRoot?.querySelector('[part~="limit-notice"]'),
    );
    const credits = await partText(page, 'limit-notice');
    expect(credits).toMatch(/credits for today are used up: they come back at .*\d\d:\d\d/);
    expect(await partText(page, 'error')).toContain(
      'Out of credits (HTTP 402): 50 of 50 left, this request costs 100',
    );

    // The rate limit is per minute: start with at least 20 s left in it, so its wait (over 10 s) is
    // surfaced at once instead of being waited out by core's retry.
    const intoMinute = (Date.now() % 60_000) / 1000;
    if (intoMinute > 40) await page.waitForTimeout((61 - intoMinute) * 1000);
    await page.evaluate(() => document.querySelector('agent-chat')!.setAttribute('model', 'scripted-model'));
    for (const n of [1, 2]) {
      stack.model.enqueue({ text: `Answer ${n}.`, usage: { inputTokens: 10, outputTokens: 2 } });
      await send(page, `Question ${n}`);
      await page.waitForFunction(
        (text) =>
          [
            ...(document
              .querySelector('agent-chat')
              ?.shadowRoot?.querySelectorAll('[part~="message-assistant"]') ?? []),
          ].some((m) => m.textContent?.includes(text)),
        `Answer ${n}.`,
      );
      await page.waitForFunction(
        () => !document.querySelector('agent-chat')?.shadowRoot?.querySelector('[part~="error"]'),
      );
    }
    await send(page, 'Question 3');
    await page.waitForFunction(() =>
      document
        .querySelector('agent-chat')
        ?.shadowRoot?.querySelector('[part~="limit-notice"]')
        ?.textContent?.includes('Too many'),
    );

    expect(await partText(page, 'limit-notice')).toMatch(
      /Too many messages for now: you can send again in \d+ s\./,
    );
    expect(await partText(page, 'error')).toMatch(/Too many requests \(HTTP 429\): try again in \d+ s\./);
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'credits_exhausted',
        resetAt: expect.stringMatching(/T00:00:00.000Z$/),
      }),
      expect.objectContaining({ code: 'rate_limited', retryAfterSeconds: expect.any(Number) }),
    ]);
    expect(await page.content()).not.toContain(SECRET);
    await page.close();
  }, 120_000);
});
