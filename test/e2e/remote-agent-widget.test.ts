// Issue 25: <agent-chat agent-url agent-protocol="ai-sdk"> configured by HTML alone, in Chromium, fronting a
// real AI SDK route (streamText + @ai-sdk/openai-compatible on the scripted model server).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { type AgUiServer, startAgUiServer } from '../remote/ag-ui-server.ts';
import { type AiSdkServer, startAiSdkServer } from '../remote/ai-sdk-server.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { storedRecords } from './stored-records.ts';

let model: ScriptedModelServer;
let route: AiSdkServer;
let agUi: AgUiServer;
let site: Server;
let siteUrl: string;
let browser: Browser;
// The e2e project's one build of the widget (widget-dist.global.ts).
const dist = inject('widgetDist');

const page = (agentUrl: string, protocol = 'ai-sdk', extra = '') => `<!doctype html><html><body>
<agent-chat agent-url="${agentUrl}" agent-protocol="${protocol}" agent-headers='{"x-site":"tea"}' token-url="/token" ${extra}></agent-chat>
<script type="module" src="/agent-chat.js"></script>
<script type="module">
  navigator.modelContext.registerTool({ name: 'page_color', description: "Reads the page's theme color.",
    inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true },
    execute: async () => ({ content: [{ type: 'text', text: 'teal' }] }) });
</script></body></html>`;

beforeAll(async () => {
  model = await startScriptedModelServer();
  route = await startAiSdkServer(model.baseURL);
  agUi = await startAgUiServer();
  site = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/token')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"token":"tok-site-1","expiresIn":600}');
    if (path.startsWith('/agent-chat')) {
      const body = await readFile(join(dist, path)).catch(() => undefined);
      if (!body) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
    }
    const html =
      path === '/cut'
        ? page(`${route.origin}/cut`)
        : path.startsWith('/resumable')
          ? page(`${route.origin}/resumable`, 'ai-sdk', path === '/resumable-off' ? 'resume="off"' : '')
          : path === '/ag-ui'
            ? page(agUi.url, 'ag-ui')
            : path === '/bad-protocol'
              ? page(route.url, 'graphql')
              : path === '/no-cors'
                ? page(`${route.origin}/nocors`)
                : path === '/loop-only'
                  ? page(route.url, 'ai-sdk', 'memory="off" workflows')
                  : page(route.url);
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  site?.closeAllConnections();
  site?.close();
  await route?.close();
  await agUi?.close();
  await model?.close();
});

async function send(p: Page, text: string): Promise<void> {
  const input = p.locator('agent-chat textarea');
  await composerReady(p);
  await input.fill(text);
  await input.press('Enter');
}
const answers = (p: Page) => p.locator('agent-chat [part~="message-assistant"]');

describe('<agent-chat agent-url agent-protocol="ai-sdk"> by HTML alone', () => {
  it('server tool stage, reasoning, WebMCP page tool, approval card; reload keeps the conversation', async () => {
    const p = await isolatedPage(browser);
    await p.goto(`${siteUrl}/`);
    await p.waitForFunction(() => customElements.get('agent-chat') !== undefined);

    model.enqueue(
      {
        reasoning: 'Order 7, look it up.',
        toolCalls: [{ id: 'c1', name: 'lookup', arguments: { id: '7' } }],
      },
      { text: 'Order 7 has shipped.' },
    );
    await send(p, 'Where is order 7?');
    await expect
      .poll(() => answers(p).last().textContent(), { timeout: 30_000 })
      .toContain('Order 7 has shipped.');
    expect(
      await p.locator('agent-chat [part~="stage"][data-tool="lookup"]').getAttribute('data-status'),
    ).toBe('done');
    // The Thinking view is a lazy chunk: it may come a moment after the answer's text.
    await expect
      .poll(() => p.locator('agent-chat [part~="reasoning"]').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    model.enqueue(
      { toolCalls: [{ id: 'p1', name: 'page_color', arguments: {} }] },
      { text: 'The page is teal.' },
    );
    await send(p, 'What color is the page?');
    await expect
      .poll(() => answers(p).last().textContent(), { timeout: 30_000 })
      .toContain('The page is teal.');
    expect(route.bodies.at(-2)!.messages.at(-1)!.role).toBe('user');
    expect(route.headers.at(-1)!['x-site']).toBe('tea');
    expect(route.headers.at(-1)!.authorization).toBe('Bearer tok-site-1');

    model.enqueue(
      { toolCalls: [{ id: 'd1', name: 'delete_item', arguments: { id: 'x9' } }] },
      { text: 'Deleted x9.' },
    );
    await send(p, 'Delete x9');
    await p.locator('agent-chat [part~="approve"]').click({ timeout: 30_000 });
    await expect.poll(() => answers(p).last().textContent(), { timeout: 30_000 }).toContain('Deleted x9.');
    expect(route.deleted).toEqual(['x9']);

    // The turn is saved a moment after its answer shows: the reload comes once all three are stored
    // (the conversation's entries and the AI SDK thread), as a visitor's would a second later.
    // Threads are kept per backend; the conversation's first backend is also marked by a record without turns.
    const turnsStored = async () => {
      const threads = (await storedRecords(p, 'agent-chat-remote', 'threads')) as Array<{ turns: unknown[] }>;
      return Math.max(0, ...threads.map((thread) => thread.turns.length));
    };
    await expect.poll(turnsStored, { timeout: 30_000 }).toBe(3);
    await p.reload();
    await expect.poll(() => answers(p).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(await answers(p).first().textContent()).toContain('Order 7 has shipped.');
    model.enqueue({ text: 'You asked three things.' });
    await send(p, 'What did I ask?');
    await expect.poll(() => answers(p).last().textContent(), { timeout: 30_000 }).toContain('three things');
    expect(route.bodies.at(-1)!.messages.filter((m) => m.role === 'user')).toHaveLength(4);

    // Regenerate: the last turn leaves the store and the thread, the question is sent again once.
    model.enqueue({ text: 'You asked about an order, a color and a deletion.' });
    await p.locator('agent-chat [part~="regenerate"]').click();
    await expect.poll(() => answers(p).last().textContent(), { timeout: 30_000 }).toContain('a deletion');
    const resent = route.bodies.at(-1)!.messages;
    expect(resent.filter((m) => m.role === 'user')).toHaveLength(4);
    expect(resent.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    await p.close();
  });

  it('a cut stream shows a typed error and a retry button, not a finished answer', async () => {
    const p = await isolatedPage(browser);
    await p.goto(`${siteUrl}/cut`);
    await p.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    model.enqueue({ text: 'A long answer that will be cut somewhere.', chunkSize: 4, delayMs: 5 });
    await send(p, 'Tell me');
    const error = p.locator('agent-chat [part~="error"]');
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toContain('cut before the answer was complete');
    // What arrived before the cut is marked as stopped, never shown as a finished answer.
    const partial = answers(p);
    if (await partial.count()) await expect.poll(() => partial.last().locator('.stopped').count()).toBe(1);
    const before = route.bodies.length;
    model.enqueue({ text: 'Cut again.', chunkSize: 4, delayMs: 5 });
    await p.locator('agent-chat [part~="error-retry"]').click();
    await expect.poll(() => route.bodies.length, { timeout: 30_000 }).toBe(before + 1);
    // Retry asks the failed question again, once: the failed turn left the store and the thread.
    expect(route.bodies.at(-1)!.messages).toEqual([
      expect.objectContaining({ role: 'user', parts: [{ type: 'text', text: 'Tell me' }] }),
    ]);
    await p.close();
  });

  it('an unknown agent-protocol lists the two; a CORS refusal names the header; loop-only attributes warn', async () => {
    const p = await isolatedPage(browser);
    await p.goto(`${siteUrl}/bad-protocol`);
    await p.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await send(p, 'Hi');
    const error = p.locator('agent-chat [part~="error"]');
    await expect.poll(() => error.textContent(), { timeout: 30_000 }).toContain('"ai-sdk", "ag-ui"');
    await p.close();

    // A backend that does not allow the page's origin: the error names the header to send.
    const r = await isolatedPage(browser);
    await r.goto(`${siteUrl}/no-cors`);
    await r.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await send(r, 'Hi');
    await expect
      .poll(() => r.locator('agent-chat [part~="error"]').textContent(), { timeout: 30_000 })
      .toContain(`Access-Control-Allow-Origin: ${siteUrl}`);
    await r.close();

    const q = await isolatedPage(browser);
    const warnings: string[] = [];
    q.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await q.goto(`${siteUrl}/loop-only`);
    await q.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    model.enqueue({ text: 'Hello.' });
    await send(q, 'Hi');
    await expect.poll(() => answers(q).last().textContent(), { timeout: 30_000 }).toContain('Hello.');
    expect(warnings.join('\n')).toMatch(/memory, workflows are ignored with agent-url/);
    await q.close();
  });
});

describe('<agent-chat agent-url agent-protocol="ai-sdk"> resuming after a reload (issue 42)', () => {
  const ANSWER = Array.from(
    { length: 24 },
    (_, i) => `Sentence ${i + 1} about steeping green tea at seventy degrees.`,
  ).join(' ');
  // 8-character chunks 25 ms apart: about four seconds of answer.
  const SLOW = { text: ANSWER, chunkSize: 8, delayMs: 25 } as const;
  const lastAnswer = async (p: Page) => ((await answers(p).last().textContent()) ?? '').trim();
  // The in-flight marks a run leaves in localStorage (shared/in-flight-store.ts).
  const marks = (p: Page) =>
    p.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('agent-chat-resume:')));
  const reloaded = async (p: Page) => {
    await p.reload();
    await p.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  };

  it('a reload mid-answer completes it with one model request; 204 offers Regenerate; resume="off" marks nothing', async () => {
    const p = await isolatedPage(browser);
    await p.goto(`${siteUrl}/resumable`);
    await p.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    model.enqueue(SLOW);
    const before = model.requests.length;
    await send(p, 'How hot should the water be for green tea?');
    await expect
      .poll(async () => (await lastAnswer(p)).length, { timeout: 30_000 })
      .toBeGreaterThan(ANSWER.length / 4);
    expect(await marks(p)).toHaveLength(1);
    await reloaded(p);
    // The AI SDK's resume request streams the answer from its start; the run ends and is stored.
    await expect.poll(() => lastAnswer(p), { timeout: 30_000 }).toBe(ANSWER);
    await expect.poll(() => p.locator('agent-chat [part~="stop"]').count(), { timeout: 30_000 }).toBe(0);
    expect(await p.locator('agent-chat [part~="interrupted"]').count()).toBe(0);
    expect(model.requests.length - before).toBe(1);
    expect(route.streams.resumes.at(-1)?.status).toBe(200);
    await reloaded(p);
    await expect.poll(() => answers(p).allTextContents(), { timeout: 30_000 }).toEqual([ANSWER]);
    expect(await p.locator('agent-chat [part~="message-user"]').count()).toBe(1);

    // The backend no longer has the answer (expired): 204, the answer so far is interrupted, Regenerate asks again.
    model.enqueue(SLOW, { text: 'Three minutes.' });
    await send(p, 'How long should it steep?');
    await expect.poll(() => answers(p).count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(async () => (await lastAnswer(p)).length, { timeout: 30_000 })
      .toBeGreaterThan(ANSWER.length / 4);
    route.streams.forget();
    await reloaded(p);
    await expect
      .poll(() => p.locator('agent-chat [part~="interrupted"]').count(), { timeout: 30_000 })
      .toBe(1);
    expect(route.streams.resumes.at(-1)?.status).toBe(204);
    await p.locator('agent-chat [part~="resume-regenerate"]').click();
    await expect.poll(() => lastAnswer(p), { timeout: 30_000 }).toBe('Three minutes.');
    expect(await p.locator('agent-chat [part~="message-user"]').count()).toBe(2);
    await p.close();

    // resume="off": no run is marked in flight, so a reload loads no resume code and asks the backend nothing.
    const q = await isolatedPage(browser);
    await q.goto(`${siteUrl}/resumable-off`);
    await q.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    model.enqueue(SLOW);
    await send(q, 'Is resuming off?');
    await expect
      .poll(async () => (await lastAnswer(q)).length, { timeout: 30_000 })
      .toBeGreaterThan(ANSWER.length / 4);
    expect(await marks(q)).toEqual([]);
    await q.close();
  });
});

describe('<agent-chat agent-url agent-protocol="ag-ui"> by HTML alone', () => {
  it('backend tool stage, state events, a frontend tool run in the page, RUN_ERROR as an error with retry', async () => {
    const p = await isolatedPage(browser);
    await p.goto(`${siteUrl}/ag-ui`);
    await p.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const states: unknown[] = [];
    await p.exposeFunction('recordState', (state: unknown) => states.push(state));
    await p.evaluate(() =>
      document.querySelector('agent-chat')!.addEventListener('agent-chat-remote', (e) => {
        const detail = (e as CustomEvent<{ kind: string; state?: unknown }>).detail;
        if (detail.kind === 'state')
          (window as unknown as { recordState(s: unknown): void }).recordState(detail.state);
      }),
    );
    await send(p, 'Where is my order?');
    await expect
      .poll(() => answers(p).last().textContent(), { timeout: 30_000 })
      .toContain('Order 7 has shipped.');
    expect(
      await p.locator('agent-chat [part~="stage"][data-tool="lookup"]').getAttribute('data-status'),
    ).toBe('done');
    expect(agUi.inputs.at(-1)!.tools.map((t) => t.name)).toEqual(['page_color']);
    await expect.poll(() => states.at(-1)).toEqual({ orders: 2 });

    await send(p, 'What color is the page?');
    await expect.poll(() => answers(p).last().textContent(), { timeout: 30_000 }).toContain('The page says');
    expect(agUi.inputs.at(-1)!.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'f1' });
    expect(agUi.inputs.at(-1)!.state).toEqual({ orders: 2 });

    await send(p, 'please fail');
    const error = p.locator('agent-chat [part~="error"]');
    await expect.poll(() => error.textContent(), { timeout: 30_000 }).toContain('the planner crashed');
    await expect.poll(() => p.locator('agent-chat [part~="error-retry"]').count()).toBe(1);

    // A cut AG-UI stream (no RUN_FINISHED): the partial answer is marked stopped, the error says so.
    await send(p, 'cut please');
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toContain('cut before the answer was complete');
    // The mark comes with run.finish, a moment after the error shows.
    await expect.poll(() => answers(p).last().locator('.stopped').count()).toBe(1);
    await expect.poll(() => p.locator('agent-chat [part~="error-retry"]').count()).toBe(1);
    await p.close();
  });
});
