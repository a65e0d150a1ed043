import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExampleServer } from '../../scripts/lib/example-server.ts';
import type { McpServerProcess } from '../mcp/server-everything.ts';
import { type AppsServer, startAppsServer } from '../mcp-apps/apps-server.ts';
import { startBasicVanillaServer } from '../mcp-apps/basic-server.ts';
import type { ScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

const GET_TIME = 'mcp__basic__get-time';
const FRAME = 'agent-chat iframe[part~="mcp-app-frame"]';
const axeSource = readFileSync(
  join(import.meta.dirname, '../../packages/widget/node_modules/axe-core/axe.min.js'),
  'utf8',
);

let basic: McpServerProcess;
let apps: AppsServer;
let stack: WidgetStack;
let model: ScriptedModelServer;
let example: ExampleServer;
let browser: Browser;

beforeAll(async () => {
  [basic, apps] = await Promise.all([startBasicVanillaServer(), startAppsServer()]);
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-mcp-apps-upstream',
    ownBuild: 'agent-chat-mcp-apps-dist-',
    mcpServers: JSON.stringify([{ id: 'basic' }, { id: 'apps' }]),
    proxyVars: {
      MCP_SERVERS: JSON.stringify({ basic: { url: basic.url }, apps: { url: apps.url } }),
    },
  });
  ({ model, example, browser } = stack);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await basic?.stop();
  await apps?.close();
});

interface Opened {
  page: Page;
  errors: string[];
  warnings: string[];
  scripts: string[];
}

async function openChat(setup?: (page: Page) => Promise<void>): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
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
  await page.goto(example.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, errors, warnings, scripts };
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await input.fill(text);
  await input.press('Enter');
}

async function answered(page: Page, text: string): Promise<void> {
  const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
  await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toContain(text);
}

function body(index: number) {
  return model.requests[index]?.body as {
    tools?: Array<{ function: { name: string } }>;
    messages: Array<{ role: string; content: string }>;
  };
}

const offeredTools = (index: number) => (body(index).tools ?? []).map((t) => t.function.name);
const systemMessage = (index: number) => body(index).messages.find((m) => m.role === 'system')?.content ?? '';
const userMessages = (index: number) =>
  body(index)
    .messages.filter((m) => m.role === 'user')
    .map((m) => m.content);

describe('<agent-chat> hosts MCP Apps (SEP-1865) through the proxy under wrangler dev', () => {
  it('renders the npm example server-basic-vanillajs app with its result; the app calls its server, posts a message, asks before a link, and comes back after a reload', async () => {
    model.enqueue(
      { toolCalls: [{ id: 't1', name: GET_TIME, arguments: {} }] },
      { text: 'Here is the time.' },
    );
    const first = model.requests.length;
    const { page, errors, scripts } = await openChat();
    await send(page, 'What time is it?');
    await answered(page, 'Here is the time.');
    // The client advertised the extension to the servers.
    expect(apps.capabilities.at(-1)).toMatchObject({
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(offeredTools(first)).toContain(GET_TIME);

    // The app renders in the stage and shows the tool's result (its structuredContent.time).
    const stage = page.locator(`agent-chat [part~="stage"][data-tool="${GET_TIME}"]`);
    const result = (await stage.locator('.stage-result').textContent())!.trim();
    expect(result).toMatch(/^\d{4}-\d\d-\d\dT/);
    const app = page.frameLocator(FRAME);
    await expect.poll(() => app.locator('#server-time').textContent(), { timeout: 20_000 }).toBe(result);
    await expect.poll(() => stage.locator('[part~="mcp-app"]').getAttribute('data-state')).toBe('ready');
    // The host is its own lazy chunk, fetched with the first app.
    expect(scripts.some((s) => /^\/agent-chat-mcp-app-element-.*\.js$/.test(s))).toBe(true);
    // The frame: opaque origin (scripts only), titled, under the CSP its resource declared.
    const frame = page.locator(FRAME);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(await frame.getAttribute('title')).toBe('App of get-time');
    expect(await frame.getAttribute('srcdoc')).toMatch(
      /^<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; /i,
    );

    // An interaction in the app that calls its server: a new time from the server.
    await page.waitForTimeout(20);
    await app.locator('#get-time-btn').click();
    await expect.poll(() => app.locator('#server-time').textContent(), { timeout: 10_000 }).not.toBe(result);
    expect(await app.locator('#server-time').textContent()).toMatch(/^\d{4}-\d\d-\d\dT/);

    // ui/open-link asks the visitor first; the link opens only on yes.
    const target = `${example.url}/opened-by-app`;
    await app.locator('#link-url').fill(target);
    await app.locator('#open-link-btn').click();
    const prompt = stage.locator('[part~="mcp-app-prompt"]');
    await expect.poll(() => prompt.textContent()).toContain(target);
    const popup = page.waitForEvent('popup');
    await prompt.locator('[part~="mcp-app-allow"]').click();
    expect((await popup).url()).toBe(target);
    await (await popup).close();

    // ui/message adds the visitor's message to the chat, and the model answers it.
    model.enqueue({ text: 'Thanks for the message.' });
    await app.locator('#message-text').fill('Hello from the app');
    await app.locator('#send-message-btn').click();
    await answered(page, 'Thanks for the message.');
    expect(userMessages(model.requests.length - 1).at(-1)).toMatch(/Hello from the app$/);

    // axe: the stage with its app passes (the frame has a title).
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const root = document.querySelector('agent-chat')!.shadowRoot!.querySelector('[part~="mcp-app"]')!;
      const axe = (
        window as unknown as {
          axe: {
            run: (n: Element, o: unknown) => Promise<{ violations: Array<{ id: string; impact: string }> }>;
          };
        }
      ).axe;
      const found = await axe.run(root.closest('[part~="stage"]')!, {
        resultTypes: ['violations'],
        iframes: false,
      });
      return found.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    });
    expect(violations).toEqual([]);

    // After a reload the stored stage shows the app again, from the stored result.
    await page.reload();
    await expect
      .poll(() => page.frameLocator(FRAME).locator('#server-time').textContent(), { timeout: 20_000 })
      .toBe(result);
    // A conversation switch tears the app down.
    await page.locator('agent-chat [part~="new-conversation"]').first().click();
    await expect.poll(() => page.locator(FRAME).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
