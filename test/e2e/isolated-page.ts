// The one way an end-to-end test opens a browser page: in a browser context of its own, so its IndexedDB,
// localStorage and cookies start empty and nothing it stores reaches another test. The context closes when
// the test ends, passed or failed. test/architecture/test-isolation.test.ts flags pages opened otherwise.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

/**
 * A fresh browser context (one profile: its tabs share storage, as a visitor's tabs do), closed after the
 * current test. Call it inside a test, never in `beforeAll`: a context shared by tests is what this prevents.
 */
export async function isolatedContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  onTestFinished(() => context.close());
  return context;
}

/** A page in a fresh browser context of its own, closed after the current test. */
export async function isolatedPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  return (await isolatedContext(browser, options)).newPage();
}
