// The example page with <agent-chat> in Chromium, as the MCP Apps end-to-end tests drive it.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { composerReady } from '../e2e/composer-ready.ts';
import { isolatedPage } from '../e2e/isolated-page.ts';
import type { ScriptedModelServer } from '../model-server/scripted-model-server.ts';

/** An open chat page and what it reported: page errors, console warnings, scripts it fetched. */
export interface ChatPage {
  page: Page;
  errors: string[];
  warnings: string[];
  scripts: string[];
}

/** Opens `url` (after `setup`, e.g. init scripts) and waits for `<agent-chat>` to be defined. */
export async function openChatPage(
  browser: Browser,
  url: string,
  setup?: (page: Page) => Promise<void>,
): Promise<ChatPage> {
  const page = await isolatedPage(browser, { viewport: { width: 1000, height: 900 } });
  const errors: string[] = [];
  const warnings: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await setup?.(page);
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, errors, warnings, scripts };
}

/** Types `text` into the chat and sends it. */
export async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the last answer contains `text`. */
export async function answered(page: Page, text: string): Promise<void> {
  const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
  await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toContain(text);
}

/** What the scripted model was sent in its `index`-th request. */
export function modelRequests(model: () => ScriptedModelServer) {
  const body = (index: number) =>
    model().requests[index]?.body as {
      tools?: Array<{ function: { name: string } }>;
      messages: Array<{ role: string; content: string }>;
    };
  return {
    offeredTools: (index: number) => (body(index).tools ?? []).map((t) => t.function.name),
    systemMessage: (index: number) => body(index).messages.find((m) => m.role === 'system')?.content ?? '',
    userMessages: (index: number) =>
      body(index)
        .messages.filter((m) => m.role === 'user')
        .map((m) => m.content),
  };
}
