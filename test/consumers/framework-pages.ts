// Pages of the framework consumer apps (frameworks.test.ts) driven in Chromium as a user would.
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { composerReady } from '../e2e/composer-ready.ts';
import { isolatedPage } from '../e2e/isolated-page.ts';
import { type StaticServer, serveStatic } from './static-server.ts';

/** Opens the built app, sends a message as a user would and returns what the app recorded. */
export async function chatIn(
  browser: Browser,
  page: StaticServer,
  proxyUrl: string,
  until: (results: Record<string, unknown[]>) => boolean,
) {
  const tab = await isolatedPage(browser);
  const errors: string[] = [];
  const warnings: string[] = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  tab.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await tab.goto(`${page.url}/?proxy=${encodeURIComponent(proxyUrl)}`);
  const input = tab.locator('agent-chat textarea');
  await composerReady(tab);
  await input.fill('What is 2 + 40?');
  await input.press('Enter');
  let results: Record<string, unknown[]> = {};
  await expect
    .poll(
      async () => {
        results = await tab.evaluate(
          () => (window as unknown as { reactResults: Record<string, unknown[]> }).reactResults,
        );
        return until(results);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const theme = await tab.evaluate(() => document.querySelector('agent-chat')?.getAttribute('theme'));
  await tab.close();
  return { results, errors, warnings, theme };
}

/**
 * Opens a built Vue or Svelte app: the element is upgraded with the app's `tools` property and `theme`, and an
 * `agent-chat-message` it dispatches reaches the app's handler (its count of answers).
 */
export async function renderIn(browser: Browser, folder: string) {
  const server = await serveStatic(folder);
  const tab = await isolatedPage(browser);
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  try {
    await tab.goto(`${server.url}/`);
    await tab.locator('agent-chat textarea').waitFor();
    const element = await tab.evaluate(() => {
      const chat = document.querySelector('agent-chat') as unknown as {
        tools: Array<{ name: string }>;
        theme?: string;
      };
      return { tools: chat.tools.map((tool) => tool.name), theme: chat.theme };
    });
    await tab.evaluate(() =>
      document.querySelector('agent-chat')!.dispatchEvent(
        new CustomEvent('agent-chat-message', {
          detail: { role: 'assistant', text: 'Hi.', conversationId: 'c1' },
          bubbles: true,
          composed: true,
        }),
      ),
    );
    await expect.poll(() => tab.locator('p').textContent()).toBe('1 answers');
    return { ...element, errors };
  } finally {
    await tab.close();
    await server.close();
  }
}
