// Must-show of issue 14: a page configured by HTML only (no script but the module tag) with knowledge,
// memory, workflows, clarify, token-url and a WebMCP form tool, through the proxy with AUTH_SECRET to the
// scripted model server, in Chromium.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { type ShopSite, serveShopSite } from './shop-site.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

const AUTH_SECRET = 'e2e-auth-secret-7c1d9a0b5e-4f2c81d6';
let stack: WidgetStack;
let model: ScriptedModelServer;
let site: ShopSite;

beforeAll(async () => {
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-html-only-upstream',
    proxyVars: { AUTH_SECRET },
    serveSite: async ({ proxyUrl, distDir }) => {
      site = await serveShopSite({ proxyUrl, distDir, authSecret: AUTH_SECRET });
      return site;
    },
  });
  model = stack.model;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

type ChatRequest = {
  tools?: Array<{ function: { name: string } }>;
  messages: Array<{ role: string; content: string | null }>;
};
const body = (index: number) => model.requests[index]?.body as ChatRequest | undefined;
// The site's requests during the current test only: the tests run in any order, each with its own page.
let since = 0;
beforeEach(() => {
  since = site.log.length;
});
// This test's page's requests: a page of an earlier test, closed while its documents were revalidating, may
// still have requests arriving after this test began. Its page sends its own cookie, which the site logs.
let pageId = '';
async function testPage(): Promise<Page> {
  const page = await isolatedPage(stack.browser);
  pageId = crypto.randomUUID();
  await page.context().addCookies([{ name: 'e2e-page', value: pageId, url: site.url }]);
  return page;
}
const count = (path: string, status?: number) =>
  site.log
    .slice(since)
    .filter((r) => r.path === path && r.page === pageId && (status === undefined || r.status === status))
    .length;
const DOCS = ['/docs/shipping.md', '/docs/returns.md', '/docs/brewing-guide.pdf'];

async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

describe('<agent-chat> configured by HTML only, through the proxy with AUTH_SECRET', () => {
  it('offers rag_search, the WebMCP tool and retrieve_full_context; searches the right document; runs the tool after approval; links the source; after a reload shows the conversation and its stages and downloads no unchanged document again', async () => {
    const page = await testPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(site.url);
    // The three documents are downloaded and indexed in the background once the element connects.
    await expect.poll(() => DOCS.map((d) => count(d, 200)), { timeout: 30_000 }).toEqual([1, 1, 1]);

    const start = model.requests.length;
    const shipping = `${site.url}/docs/shipping.md`;
    model.enqueue(
      { toolCalls: [{ name: 'rag_search', arguments: { query: 'free shipping orders over' } }] },
      { toolCalls: [{ name: 'add_to_cart', arguments: { tea: 'Sencha', quantity: 2 } }] },
      { text: `Orders over 40 EUR ship free ([Shipping](${shipping})). I added 2 × Sencha to your cart.` },
    );
    await send(page, 'Is shipping free? Please add two Sencha to my cart.');

    const approve = page.locator('agent-chat [part~="approve"]');
    await expect.poll(() => approve.count(), { timeout: 30_000 }).toBe(1);
    // The model's first request lists the site's tools; the cart was not touched before approval.
    const names = (body(start)?.tools ?? []).map((t) => t.function.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'rag_search',
        'read_attachment',
        'add_to_cart',
        'retrieve_full_context',
        'plan_workflow',
        'ask_user',
      ]),
    );
    const ragResult = body(start + 1)?.messages.at(-1);
    expect(ragResult?.role).toBe('tool');
    expect(ragResult?.content).toContain(shipping);
    expect(ragResult?.content).toContain('Orders over 40 EUR ship free');
    expect(count('/api/cart')).toBe(0);
    // The keyword index was built and searched in the worker file the script-tag build ships beside
    // agent-chat.js, from the site's own origin (the README's `worker-src 'self'`).
    expect(workers.filter((url) => /\/agent-chat-keyword-index-worker-[\w-]+\.js$/.test(url))).toEqual([
      expect.stringMatching(new RegExp(`^${site.url}/`)),
    ]);

    await approve.click();
    const answer = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('I added 2 × Sencha');
    // This test's cart requests only: the tests run in any order (the CI's repeat run shuffles them).
    expect(
      site.log
        .slice(since)
        .filter((r) => r.path === '/api/cart')
        .map((r) => r.body),
    ).toEqual(['tea=Sencha&quantity=2']);
    expect(body(start + 2)?.messages.at(-1)?.content).toContain('Added 2 × Sencha to the cart.');
    // The answer links its source.
    expect(await answer.locator('a').first().getAttribute('href')).toBe(shipping);
    // The form on the page shows what the agent filled in.
    expect(await page.locator('form[toolname] input[name="tea"]').inputValue()).toBe('Sencha');
    expect(count('/api/chat-token')).toBeGreaterThanOrEqual(1);
    expect(pageErrors).toEqual([]);

    // After a reload: the conversation and its stages, and no unchanged document downloaded again. The
    // reload comes once the run has ended (its Stop button gone), when the finished turn is stored; a
    // reload while it still runs is resumable-answers.test.ts's case.
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count(), { timeout: 30_000 }).toBe(0);
    const before = DOCS.map((d) => count(d));
    await page.reload();
    const stages = page.locator('agent-chat [part~="stage"]');
    await expect
      .poll(() => stages.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tool)), {
        timeout: 20_000,
      })
      .toEqual(['rag_search', 'add_to_cart']);
    expect(await stages.evaluateAll((els) => els.map((e) => e.hasAttribute('open')))).toEqual([false, false]);
    expect(await page.locator('agent-chat [part~="message-user"]').allTextContents()).toEqual([
      expect.stringContaining('Is shipping free?'),
    ]);
    expect(await page.locator('agent-chat [part~="message-assistant"]').last().textContent()).toContain(
      'ship free',
    );
    // Each document was asked for again with its ETag and answered 304: still one download each.
    await expect
      .poll(() => DOCS.map((d, i) => count(d) - before[i]!), { timeout: 20_000 })
      .toEqual([1, 1, 1]);
    // Revalidated (a 304 each; once in a CI run under CPU pressure two documents were asked twice), and
    // none downloaded again: still the first visit's one 200 each.
    expect(DOCS.map((d) => count(d, 304) >= 1)).toEqual([true, true, true]);
    expect(DOCS.map((d) => count(d, 200))).toEqual([1, 1, 1]);
  });

  it('a reload while an approval is asked asks it again; a reload while the approved run answers: the answer completes after it, the cart is posted once, the model is not asked again, and the turn is stored once', async () => {
    const page = await testPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(site.url);
    const answerText = Array.from(
      { length: 24 },
      (_, i) => `Sentence ${i + 1} about Gyokuro in your cart.`,
    ).join(' ');
    const start = model.requests.length;
    model.enqueue(
      { toolCalls: [{ name: 'add_to_cart', arguments: { tea: 'Gyokuro', quantity: 1 } }] },
      // 8-character chunks 25 ms apart: about three seconds of answer.
      { text: answerText, chunkSize: 8, delayMs: 25 },
    );
    const carts = () =>
      site.log.slice(since).filter((r) => r.path === '/api/cart' && r.body === 'tea=Gyokuro&quantity=1')
        .length;
    await send(page, 'Add one Gyokuro to my cart, please.');
    const approve = page.locator('agent-chat [part~="approve"]');
    await expect.poll(() => approve.count(), { timeout: 30_000 }).toBe(1);
    // A reload while the approval is asked: it is asked again, and nothing ran.
    await page.reload();
    await expect.poll(() => approve.count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator('agent-chat [part~="approval"]').textContent()).toContain('Gyokuro');
    expect(carts()).toBe(0);
    await approve.click();
    const lastAnswer = async () =>
      ((await page.locator('agent-chat [part~="message-assistant"]').last().textContent()) ?? '').trim();
    await expect
      .poll(async () => (await lastAnswer()).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(answerText.length / 4);
    expect(carts()).toBe(1);
    await page.reload();

    // The continued run is picked up: its answer completes, from the proxy's kept stream.
    await expect.poll(lastAnswer, { timeout: 30_000 }).toBe(answerText);
    await expect.poll(() => page.locator('agent-chat [part~="stop"]').count(), { timeout: 30_000 }).toBe(0);
    expect(carts()).toBe(1);
    expect(model.requests.length - start).toBe(2);
    const stages = page.locator('agent-chat [part~="stage"]');
    expect(await stages.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tool))).toEqual([
      'add_to_cart',
    ]);
    expect(await page.locator('agent-chat [part~="approve"]').count()).toBe(0);

    // Stored once: another reload shows the same conversation, and nothing is picked up again.
    await page.reload();
    await expect
      .poll(() => stages.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tool)), {
        timeout: 20_000,
      })
      .toEqual(['add_to_cart']);
    expect(await page.locator('agent-chat [part~="message-user"]').allTextContents()).toEqual([
      expect.stringContaining('Add one Gyokuro'),
    ]);
    expect(await lastAnswer()).toBe(answerText);
    expect(carts()).toBe(1);
    expect(model.requests.length - start).toBe(2);
    expect(pageErrors).toEqual([]);
  });

  it('finds the document on a page whose Content-Security-Policy lets no worker start: the index is built on the page instead', async () => {
    const page = await testPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${site.url}/no-workers`);
    await expect.poll(() => DOCS.map((d) => count(d, 200)), { timeout: 30_000 }).toEqual([1, 1, 1]);
    const start = model.requests.length;
    model.enqueue(
      { toolCalls: [{ name: 'rag_search', arguments: { query: 'how long do returns take' } }] },
      { text: 'Returns are accepted within 30 days.' },
    );
    await send(page, 'Can I return a tea?');
    await expect
      .poll(() => page.locator('agent-chat [part~="message-assistant"]').last().textContent(), {
        timeout: 30_000,
      })
      .toContain('within 30 days');
    const ragResult = body(start + 1)?.messages.at(-1);
    expect(ragResult?.role).toBe('tool');
    expect(ragResult?.content).toContain(`${site.url}/docs/returns.md`);
    // The page tried its worker, the policy refused it, and search went on without one.
    expect(workers).toEqual([]);
    expect(violations.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('renews a token the proxy found expired without losing the message; the proxy refuses requests without one', async () => {
    // Tokens minted from now on live 1 s although the endpoint says an hour: the proxy will refuse them.
    site.tokenTtlSeconds = 1;
    const page = await testPage();
    await page.goto(site.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const tokensBefore = count('/api/chat-token');
    model.enqueue({ text: 'The brewing guide says 70 C for Sencha.' });
    await send(page, 'Warm-up message');
    await expect
      .poll(() => page.locator('agent-chat [part~="message-assistant"]').last().textContent(), {
        timeout: 30_000,
      })
      .toContain('70 C for Sencha');
    site.tokenTtlSeconds = 900;
    // The state waited for is the clock past the last 1 s token's expiry (whole seconds in the token).
    const minted = Math.max(...site.log.filter((r) => r.path === '/api/chat-token').map((r) => r.at));
    await expect
      .poll(() => Date.now(), { timeout: 5_000 })
      .toBeGreaterThan(Math.ceil(minted / 1000) * 1000 + 1_050);
    // The cached 1 s token has expired now: the proxy answers 401 token_expired, the element renews it
    // and sends the same request again.
    const modelCalls = model.requests.length;
    model.enqueue({ text: 'Renewed and answered.' });
    await send(page, 'Still there?');
    await expect
      .poll(() => page.locator('agent-chat [part~="message-assistant"]').last().textContent(), {
        timeout: 30_000,
      })
      .toBe('Renewed and answered.');
    expect(count('/api/chat-token') - tokensBefore).toBeGreaterThanOrEqual(2);
    expect(model.requests.length - modelCalls).toBe(1);
    expect(await page.locator('agent-chat [part~="message-user"]').last().textContent()).toContain(
      'Still there?',
    );
    expect(await page.locator('agent-chat [part~="error"]').count()).toBe(0);

    const refused = await fetch(`${stack.proxy.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ model: 'scripted-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('token_missing');
    await page.close();
  });
});
