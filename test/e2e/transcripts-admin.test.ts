import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { transcriptRowCounts, transcriptsProxy } from '../../scripts/lib/proxy-transcripts.ts';
import { axeSource } from './axe-source.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { useWidgetStack } from './use-widget-stack.ts';

// The card's digits as a person would see them (alone or in groups), not inside a random id or a timestamp.
const CARD_DIGITS = /(?<![\w-])4242(?![\w-])/;

// The owner's view (issue 43) in Chromium: the widget talks to the proxy under wrangler dev with a local
// D1 (the shipped migrations applied by the README's command), TRANSCRIPTS="on"; the dashboard at /admin
// shows the conversation masked, the thumbs-down comment and the usage, and nothing without the token.

const SECRET = 'sk-e2e-transcripts-secret-43c1';
const ADMIN_TOKEN = 'e2e-admin-token-43-0123456789abcdef';
const state = mkdtempSync(join(tmpdir(), 'agent-chat-transcripts-'));

const stack = useWidgetStack(
  async () => {
    const proxy = await transcriptsProxy(state);
    return {
      upstreamApiKey: SECRET,
      proxyConfig: proxy.config,
      proxyPersistTo: proxy.persistTo,
      proxyVars: { TRANSCRIPTS: 'on', ADMIN_TOKEN },
    };
  },
  async () => rmSync(state, { recursive: true, force: true }),
);

const adminApi = (path: string, token?: string) =>
  fetch(
    `${stack.proxy.url}/admin/api/${path}`,
    token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  );

async function send(page: Page, text: string, answers: number) {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
  await page.waitForFunction(
    (n) =>
      (document.querySelector('agent-chat')?.shadowRoot?.querySelectorAll('[part~="message-assistant"]')
        .length ?? 0) >= n &&
      !document.querySelector('agent-chat')?.shadowRoot?.querySelector('[part~="stop"]'),
    answers,
  );
}

interface Conversation {
  id: string;
  messages: { role: string; content: string }[];
  feedback: { rating: string; comment: string }[];
}

describe('transcripts and the dashboard (Chromium, wrangler dev, local D1)', () => {
  it('stores two turns masked with a thumbs-down comment, shown on /admin after sign-in', async () => {
    const page = await isolatedPage(stack.browser);
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    // The visitor is told before typing: the proxy says transcripts are on, the default notice shows.
    const notice = page.locator('agent-chat [part~="transcript-notice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This chat is stored to improve the service');
    stack.model.enqueue({
      text: 'Thanks, I noted your address.',
      usage: { inputTokens: 30, outputTokens: 6 },
    });
    await send(page, 'My email is ada@example.com', 1);
    stack.model.enqueue({ text: 'The card is saved.', usage: { inputTokens: 52, outputTokens: 5 } });
    await send(page, 'Please use card 4242 4242 4242 4242', 2);
    await page.locator('agent-chat [part~="feedback-down"]').last().click();
    await page.keyboard.type('Do not store my card');
    await page.locator('agent-chat [part~="feedback-send"]').click();

    // Writes happen after the answers (waitUntil): wait until D1 has both turns and the feedback.
    let stored: Conversation | undefined;
    await expect
      .poll(
        async () => {
          const list = (await (await adminApi('conversations', ADMIN_TOKEN)).json()) as {
            conversations: { id: string }[];
          };
          const id = list.conversations[0]?.id;
          if (id === undefined) return 'none';
          stored = (await (
            await adminApi(`conversations/${encodeURIComponent(id)}`, ADMIN_TOKEN)
          ).json()) as Conversation;
          return `${stored.messages.length} messages, ${stored.feedback.length} feedback`;
        },
        { timeout: 20_000 },
      )
      .toBe('4 messages, 1 feedback');
    const text = JSON.stringify(stored);
    expect(text).toContain('My email is [email]');
    expect(text).toContain('Please use card [card]');
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toMatch(CARD_DIGITS);

    // The owner signs in with the form; the page shows the conversation, the comment and the usage.
    const admin = await isolatedPage(stack.browser, { viewport: { width: 390, height: 844 } });
    await admin.goto(`${stack.proxy.url}/admin`);
    await admin.locator('#token').fill(ADMIN_TOKEN);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForSelector('body[data-loaded="true"]');
    expect(await admin.locator('#conversations-list').textContent()).toContain('My email is [email]');
    expect(await admin.locator('#feedback-list').textContent()).toContain(
      'Thumbs down: “Do not store my card”',
    );
    expect(
      Number((await admin.locator('#usage-total-tokens').textContent())?.replace(/,/g, '')),
    ).toBeGreaterThan(0);
    await admin.locator('#conversations-list button').first().click();
    await admin.waitForSelector('#conversation .message.assistant');
    const conversation = (await admin.locator('#conversation').textContent()) ?? '';
    expect(conversation).toContain('Please use card [card]');
    expect(conversation).not.toMatch(CARD_DIGITS);
    // Usable at 390 px: nothing wider than the screen but the tables' own scroll boxes.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // axe, run through the DevTools protocol (the page's CSP rightly refuses injected scripts).
    await admin.evaluate(axeSource);
    const violations = await admin.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(c: Document): Promise<{ violations: { id: string; impact: string }[] }> };
        }
      ).axe;
      return (await axe.run(document)).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    });
    expect(violations).toEqual([]);
  });

  it('answers 401 and shows nothing stored without the token', async () => {
    for (const path of ['conversations', 'feedback', 'usage', 'export?format=jsonl']) {
      const response = await adminApi(path);
      expect(response.status, path).toBe(401);
      expect(await response.text()).not.toContain('[email]');
    }
    expect((await adminApi('conversations', `${ADMIN_TOKEN}-wrong`)).status).toBe(401);
    const page = await isolatedPage(stack.browser);
    const response = await page.goto(`${stack.proxy.url}/admin`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await page.locator('#token').count()).toBe(1);
    expect(await page.content()).not.toContain('[email]');
    expect(await page.evaluate(() => fetch('/admin/api/conversations').then((r) => r.status))).toBe(401);
  });

  it('deleting the conversation in the widget deletes it in D1 too', async () => {
    const page = await isolatedPage(stack.browser);
    await page.goto(stack.example.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    stack.model.enqueue({ text: 'Noted.', usage: { inputTokens: 9, outputTokens: 2 } });
    await send(page, 'Forget me later', 1);
    const stored = async () => {
      const list = (await (await adminApi('conversations?q=Forget', ADMIN_TOKEN)).json()) as {
        conversations: unknown[];
      };
      return list.conversations.length;
    };
    await expect.poll(stored, { timeout: 20_000 }).toBe(1);
    await page.locator('agent-chat [part~="conversations-toggle"]').click();
    await page
      .locator('agent-chat [part~="conversation"]', { hasText: 'Forget me later' })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect.poll(stored, { timeout: 20_000 }).toBe(0);
  });

  it('with TRANSCRIPTS="off" (the default) a migrated database stays empty', {
    timeout: 180_000,
  }, async () => {
    const d1 = await transcriptsProxy(mkdtempSync(join(state, 'off-')));
    const off = await startProxyDev({
      upstreamBaseUrl: stack.model.baseURL,
      allowedOrigins: [stack.example.url],
      vars: { MODELS: 'scripted-model', TRANSCRIPTS: 'off', ADMIN_TOKEN },
      ...d1,
    });
    try {
      stack.model.enqueue({ text: 'Not stored.', usage: { inputTokens: 5, outputTokens: 2 } });
      const response = await fetch(`${off.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: stack.example.url,
          'X-Conversation-Id': 'conv-off',
        },
        body: JSON.stringify({
          model: 'scripted-model',
          stream: true,
          stream_options: { include_usage: true },
          messages: [{ role: 'user', content: 'My email is ada@example.com' }],
        }),
      });
      expect(await response.text()).toContain('data: [DONE]');
      const status = await fetch(`${off.url}/admin/api/status`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(await status.json()).toEqual({ transcripts: 'off' });
      expect(await (await fetch(`${off.url}/admin`)).text()).toContain('Transcripts are off');
    } finally {
      await off.stop();
    }
    // The proxy has stopped, so nothing it left running can still write.
    expect(await transcriptRowCounts(d1)).toEqual({ conversations: 0, messages: 0, calls: 0, feedback: 0 });
  });
});
