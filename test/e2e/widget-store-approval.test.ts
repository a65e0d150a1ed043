import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { useWidgetStack } from './use-widget-stack.ts';

// The real script-tag build, in a folder of its own so it cannot race the other e2e files' builds.
const stack = useWidgetStack({
  upstreamApiKey: 'sk-e2e-store-upstream',
});

/** A fresh browser context (its own, empty IndexedDB) on the example page, failing on page errors. */
async function openExample(): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await isolatedPage(stack.browser);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(stack.example.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, pageErrors };
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

type ChatRequest = { messages: Array<{ role: string; content: string | null; tool_call_id?: string }> };
const toolMessages = (index: number) =>
  ((stack.model.requests[index]?.body as ChatRequest | undefined)?.messages ?? []).filter(
    (m) => m.role === 'tool',
  );

describe('<agent-chat> on the script-tag page with the real store and runtime', () => {
  it('keeps the conversation in IndexedDB: shown again after a reload, listed, renamed and deleted', async () => {
    stack.model.enqueue({ text: 'Sencha is a grassy green tea.' });
    const { page, pageErrors } = await openExample();
    await send(page, 'Tell me about Sencha');
    const assistant = page.locator('agent-chat [part~="message-assistant"]');
    await expect
      .poll(() => assistant.last().textContent(), { timeout: 30_000 })
      .toContain('grassy green tea');
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count()).toBe(0);

    await page.reload();
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    // Restored from the page's IndexedDB (a new document: nothing survives in memory).
    await expect
      .poll(() => page.locator('agent-chat [part~="message-user"]').allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('Tell me about Sencha')]);
    expect(await assistant.allTextContents()).toEqual([
      expect.stringContaining('Sencha is a grassy green tea.'),
    ]);
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).toContain('agent-chat');

    await page.locator('agent-chat [part~="conversations-toggle"]').click();
    const items = page.locator('agent-chat [part~="conversation"]');
    await expect
      .poll(() => items.allTextContents())
      .toEqual([expect.stringContaining('Tell me about Sencha')]);

    await page.locator('agent-chat button[aria-label="Rename: Tell me about Sencha"]').click();
    const rename = page.locator('agent-chat input.rename');
    await rename.fill('Tea notes');
    await rename.press('Enter');
    await expect.poll(() => items.allTextContents()).toEqual([expect.stringContaining('Tea notes')]);
    // The title is in the store, not only on screen: another reload lists it too.
    await page.reload();
    await page.locator('agent-chat [part~="conversations-toggle"]').click();
    await expect
      .poll(() => items.allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('Tea notes')]);

    await page.locator('agent-chat button[aria-label="Delete: Tea notes"]').click();
    await expect.poll(() => items.count()).toBe(0);
    await expect.poll(() => page.locator('agent-chat [part~="message-user"]').count()).toBe(0);
    await page.reload();
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.locator('agent-chat [part~="conversations-toggle"]').click();
    await page.locator('agent-chat [part~="conversations"]').waitFor();
    expect(await items.count()).toBe(0);
    expect(await page.locator('agent-chat [part~="message-user"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('asks before a needsApproval page tool runs: Approve runs it, Deny tells the model', async () => {
    const { page, pageErrors } = await openExample();
    // A module script of the page adds the tool (page.evaluate code would be rewritten by Vite's SSR transform).
    await page.addScriptTag({
      type: 'module',
      content: `
        import { defineTool } from './agent-chat.js';
        window.__cleared = 0;
        document.querySelector('agent-chat').tools = [defineTool({
          name: 'clear_wishlist',
          description: 'Removes every product from the wishlist.',
          parameters: { type: 'object', properties: {} },
          needsApproval: true,
          execute: () => { window.__cleared += 1; return 'Wishlist cleared: 3 products removed.'; },
        })];
        window.__toolsReady = true;`,
    });
    await page.waitForFunction(() => (window as { __toolsReady?: boolean }).__toolsReady === true);
    const cleared = () => page.evaluate(() => (window as { __cleared?: number }).__cleared);
    const approvals = page.locator('agent-chat [part~="approval"]');
    const assistant = page.locator('agent-chat [part~="message-assistant"]').last();

    const start = stack.model.requests.length;
    stack.model.enqueue(
      { toolCalls: [{ name: 'clear_wishlist', arguments: {} }] },
      { text: 'Your wishlist is empty now.' },
    );
    await send(page, 'Clear my wishlist');
    await expect.poll(() => approvals.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => approvals.first().textContent()).toContain('clear_wishlist');
    // Nothing ran while the form waits, and the model was not asked again yet.
    expect(await cleared()).toBe(0);
    expect(stack.model.requests.length - start).toBe(1);
    await page.locator('agent-chat [part~="approve"]').click();
    await expect
      .poll(() => assistant.textContent(), { timeout: 30_000 })
      .toContain('Your wishlist is empty now.');
    expect(await cleared()).toBe(1);
    expect(stack.model.requests.length - start).toBe(2);
    expect(toolMessages(start + 1).at(-1)?.content).toContain('Wishlist cleared: 3 products removed.');
    await expect.poll(() => approvals.first().textContent()).toContain('Approved');

    const denyStart = stack.model.requests.length;
    stack.model.enqueue(
      { toolCalls: [{ name: 'clear_wishlist', arguments: {} }] },
      { text: 'Understood, I left it alone.' },
    );
    await send(page, 'Clear it again');
    await expect.poll(() => page.locator('agent-chat [part~="deny"]').count(), { timeout: 30_000 }).toBe(1);
    await page.locator('agent-chat [part~="deny"]').click();
    await expect
      .poll(() => assistant.textContent(), { timeout: 30_000 })
      .toContain('Understood, I left it alone.');
    expect(await cleared()).toBe(1);
    expect(stack.model.requests.length - denyStart).toBe(2);
    expect(toolMessages(denyStart + 1).at(-1)?.content).toMatch(/denied/);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
