// Durability of indexedDBStore in real Chromium pages: a page closed mid-turn, a page closed while a
// large turn is being written, and two tabs writing to one conversation at the same time.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { type PageBundleServer, servePageBundle } from '../../scripts/lib/page-bundle-server.ts';
import { isolatedContext } from './isolated-page.ts';

let server: PageBundleServer;
let browser: Browser;

beforeAll(async () => {
  server = await servePageBundle(join(import.meta.dirname, 'pages/durability-page.ts'));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A tab of `context`, the test's own profile: IndexedDB outlives its tabs, as it outlives a closed tab. */
async function openTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
  return page;
}

describe('indexedDBStore durability in Chromium', () => {
  it('a page closed mid-turn leaves the previous turns intact, and the conversation continues', async () => {
    const context = await isolatedContext(browser);
    const tab = await openTab(context);
    await tab.evaluate(() => window.durability.runTurn('c1', 'first question', 'first answer'));
    await tab.evaluate(() => window.durability.runTurn('c1', 'second question', 'second answer'));
    void tab
      .evaluate(() =>
        window.durability.runTurn('c1', 'third question', 'a long answer that is still streaming', true),
      )
      .catch(() => undefined);
    await tab.waitForFunction(() => (window as unknown as { __streaming?: boolean }).__streaming === true);
    await tab.close();

    const reopened = await openTab(context);
    const contents = await reopened.evaluate(() =>
      window.durability.load('c1').then((m) => m.map((x) => x.content)),
    );
    expect(contents).toEqual(['first question', 'first answer', 'second question', 'second answer']);
    await reopened.evaluate(() => window.durability.runTurn('c1', 'third question again', 'third answer'));
    const after = await reopened.evaluate(() => window.durability.list());
    expect(after.find((c) => c.id === 'c1')).toMatchObject({ title: 'first question', messageCount: 6 });
    await reopened.close();
  });

  it('a page closed while a large turn is being written keeps all of it or none of it', async () => {
    const context = await isolatedContext(browser);
    const tab = await openTab(context);
    await tab.evaluate(() => window.durability.runTurn('c2', 'before', 'kept'));
    await tab.evaluate(() => window.durability.startBigAppend('c2', 3000));
    await tab.close();

    const reopened = await openTab(context);
    const messages = await reopened.evaluate(() => window.durability.load('c2'));
    expect(messages.slice(0, 2).map((m) => m.content)).toEqual(['before', 'kept']);
    expect([2, 2 + 3000]).toContain(messages.length);
    console.info(
      `closed during a 3000-message append: ${messages.length === 2 ? 'none' : 'all'} of it was kept`,
    );
    const listed = await reopened.evaluate(() => window.durability.list());
    expect(listed.find((c) => c.id === 'c2')?.messageCount).toBe(messages.length);
    await reopened.close();
  });

  it('two tabs appending to one conversation at once: every turn whole, in one piece, nothing lost', async () => {
    const context = await isolatedContext(browser);
    const [a, b] = await Promise.all([openTab(context), openTab(context)]);
    await Promise.all([
      a.evaluate(() => window.durability.watch()),
      b.evaluate(() => window.durability.watch()),
    ]);
    await Promise.all([
      a.evaluate(() => window.durability.appendTurns('shared', 'A', 15)),
      b.evaluate(() => window.durability.appendTurns('shared', 'B', 15)),
    ]);
    // Each tab hears all 30 appends: its own directly, the other tab's through the BroadcastChannel.
    for (const tab of [a, b])
      await tab.waitForFunction(
        () => window.durability.changes.filter((c) => c === 'appended:shared').length === 30,
      );

    const messages = await a.evaluate(() => window.durability.load('shared'));
    expect(messages).toHaveLength(30 * 4);
    const turnLabels = new Set<string>();
    for (let i = 0; i < messages.length; i += 4) {
      const label = messages[i]?.content.split(' ')[0] as string;
      turnLabels.add(label);
      expect(messages.slice(i, i + 4).map((m) => m.content)).toEqual([
        `${label} question`,
        '',
        `${label} result`,
        `${label} answer`,
      ]);
    }
    expect(turnLabels.size).toBe(30);
    // Summaries point at the answer they summarise, whichever tab wrote it.
    const summaries = await b.evaluate(() => window.durability.summaries('shared'));
    expect(summaries).toHaveLength(30);
    for (const summary of summaries) expect(summary.text).toBe(`${messages[summary.seq]?.content} summary`);
    const listed = await b.evaluate(() => window.durability.list());
    expect(listed.find((c) => c.id === 'shared')?.messageCount).toBe(120);
    await Promise.all([a.close(), b.close()]);
  });
});
