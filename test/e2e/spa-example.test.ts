import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { isolatedPage } from './isolated-page.ts';

const root = resolve(import.meta.dirname, '../..');
let server: ViteDevServer;
let browser: Browser;

beforeAll(async () => {
  server = await createServer({
    configFile: join(root, 'examples/spa/vite.config.ts'),
    root: join(root, 'examples/spa'),
    server: { host: '127.0.0.1', port: 0, strictPort: false },
    logLevel: 'warn',
  });
  await server.listen();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('examples/spa (npm import of @agent-chat/core, its own UI)', () => {
  it('renders a workflow whose parallel steps overlap, then the answer', async () => {
    const page = await isolatedPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.resolvedUrls!.local[0]!);
    await page.locator('#ask button[type="submit"]').click();
    const step = (id: string) => page.locator(`.step[data-step-id="${id}"]`);
    await expect.poll(() => step('step_4').getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const times = async (id: string) => ({
      start: Number(await step(id).getAttribute('data-start')),
      end: Number(await step(id).getAttribute('data-end')),
    });
    const [s2, s3, s4] = [await times('step_2'), await times('step_3'), await times('step_4')];
    expect(s2.start).toBeLessThan(s3.end);
    expect(s3.start).toBeLessThan(s2.end);
    expect(s4.start).toBeGreaterThanOrEqual(Math.max(s2.end, s3.end));
    await expect
      .poll(() => page.locator('li.assistant').last().textContent(), { timeout: 10_000 })
      .toMatch(/9 €\/month/);
    expect(await page.locator('li.decision').first().textContent()).toMatch(/workflow/);
    expect(await page.locator('li.meta').last().textContent()).toMatch(/Run completed/);
    expect(errors).toEqual([]);
    mkdirSync(join(root, 'test/artifacts'), { recursive: true });
    await page.screenshot({ path: join(root, 'test/artifacts/spa-example.png'), fullPage: true });
    await page.close();
  });

  it('keeps a pending approval across a real page reload and resumes the run from it', async () => {
    const page = await isolatedPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.resolvedUrls!.local[0]!);
    await page.locator('#message').fill('Email the price summary to the team');
    await page.locator('#ask button[type="submit"]').click();
    const allow = page.locator('li.request button', { hasText: 'Allow' });
    await allow.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('li.meta').last().textContent()).toMatch(/Run waiting/);

    await page.reload();
    // Shown again from agent.pending(): the checkpoint is in IndexedDB, nothing else survived.
    await allow.waitFor({ timeout: 15_000 });
    expect(await page.locator('li.request').textContent()).toMatch(/send_email.*team@example\.com/);
    await allow.click();
    await expect
      .poll(() => page.locator('li.assistant').last().textContent(), { timeout: 10_000 })
      .toBe('Email sent to team@example.com.');
    expect(await page.locator('li.meta').last().textContent()).toMatch(/Run completed/);
    expect(await page.evaluate(() => document.querySelectorAll('li.request').length)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
