import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExampleServer } from '../../scripts/lib/example-server.ts';
import type { ProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type McpServerProcess, startServerEverything } from '../mcp/server-everything.ts';
import type { ScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

const LONG = 'mcp__everything__trigger-long-running-operation';
const IMAGE = 'mcp__everything__get-tiny-image';
const ELICIT = 'mcp__everything__trigger-elicitation-request';

let everything: McpServerProcess;
let stack: WidgetStack;
let dist: string;
let model: ScriptedModelServer;
let example: ExampleServer;
let proxy: ProxyDev;
let browser: Browser;

beforeAll(async () => {
  everything = await startServerEverything();
  // The real script-tag build, in a folder of its own so it cannot race script-tag.test.ts's build.
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-mcp-upstream',
    mcpServers: JSON.stringify([{ id: 'everything' }]),
    proxyVars: { MCP_SERVERS: JSON.stringify({ everything: { url: everything.url } }) },
  });
  ({ dist, model, example, proxy, browser } = stack);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await everything?.stop();
});

/** Opens the example page and records, inside it, every distinct value the stage's progress bar shows. */
async function openChat(): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
  const page = await isolatedPage(browser, { viewport: { width: 900, height: 800 } });
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(example.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => {
    const shadow = document.querySelector('agent-chat')!.shadowRoot!;
    const w = window as unknown as { __progress: number[] };
    w.__progress = [];
    new MutationObserver(() => {
      const bar = shadow.querySelector<HTMLProgressElement>('[part~="stage-progress"]');
      if (bar && bar.value !== w.__progress.at(-1)) w.__progress.push(bar.value);
    }).observe(shadow, { subtree: true, childList: true, attributes: true });
  });
  return { page, errors, scripts };
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await composerReady(page);
  await input.fill(text);
  await input.press('Enter');
}

/** MCP sessions ended through the proxy so far (the hub's DELETE of its session). */
function deletes(): number {
  return proxy.output().match(/"method":"DELETE","path":"\/mcp\/everything"/g)?.length ?? 0;
}

/** Names of the tools offered in the model's `index`-th request. */
function offeredTools(index: number): string[] {
  const body = model.requests[index]?.body as { tools?: Array<{ function: { name: string } }> };
  return (body.tools ?? []).map((t) => t.function.name);
}

/** The system message of the model's `index`-th request. */
function systemMessage(index: number): string {
  const body = model.requests[index]?.body as { messages: Array<{ role: string; content: string }> };
  return body.messages.find((m) => m.role === 'system')?.content ?? '';
}

/** The tool messages of the model's `index`-th request. */
function toolMessages(index: number): string[] {
  const body = model.requests[index]?.body as { messages: Array<{ role: string; content: string }> };
  return body.messages.filter((m) => m.role === 'tool').map((m) => m.content);
}

describe('<agent-chat mcp-servers> → proxy (workerd) /mcp/everything → server-everything', () => {
  it('offers the MCP tools lazily (catalog + load_tools, loaded on first call, shown as stages), shows a long operation’s progress and renders the image a tool returns', async () => {
    model.enqueue(
      { toolCalls: [{ id: 'long', name: LONG, arguments: { duration: 2, steps: 5 } }] },
      { toolCalls: [{ id: 'img', name: IMAGE, arguments: {} }] },
      { text: 'Here is the tiny image.' },
    );
    const first = model.requests.length;
    const { page, errors, scripts } = await openChat();
    // A page whose chat has not started yet has loaded only agent-chat.js, not the MCP chunk.
    expect(scripts.filter((s) => s.includes('mcp'))).toEqual([]);
    await send(page, 'Run the long operation, then show me the tiny image');

    const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect
      .poll(() => assistant.textContent(), { timeout: 30_000 })
      .toContain('Here is the tiny image.');

    // Lazy by default: the first request offered load_tools and the server's catalog (names and one
    // sentence each) through the proxy; each tool the model then called by name was loaded for later turns.
    expect(offeredTools(first)).toEqual(expect.arrayContaining(['load_tools', 'search_products']));
    expect(offeredTools(first)).not.toContain(LONG);
    expect(systemMessage(first)).toContain('mcp__everything__*:\n');
    expect(systemMessage(first)).toContain('\ntrigger-long-running-operation: ');
    expect(offeredTools(first + 1)).toContain(LONG);
    expect(offeredTools(first + 2)).toEqual(expect.arrayContaining([LONG, IMAGE]));
    // The stages show which tools were loaded and when.
    const loaded = page.locator('agent-chat [part~="stage-tools-loaded"] code');
    await expect.poll(() => loaded.allTextContents()).toEqual([LONG, IMAGE]);
    // The MCP SDK arrived as a lazy chunk once MCP was needed.
    expect(scripts.some((s) => /^\/agent-chat-mcp-start-.*\.js$/.test(s))).toBe(true);

    // The stage's progress bar went through the steps in order while the operation ran.
    const progress = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(toolMessages(first + 1)).toEqual([expect.stringContaining('Long running operation completed')]);

    // The image content renders as a real, decoded image; the model is told it was shown.
    const image = page.locator('agent-chat [part~="content-image"]');
    await expect.poll(() => image.count()).toBe(1);
    const decoded = await image.evaluate((img: HTMLImageElement) =>
      img.decode().then(() => img.naturalWidth),
    );
    expect(decoded).toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(toolMessages(first + 2).at(-1)).toMatch(/\[image image\/png, \d+ bytes, shown to the user\]/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows an elicitation as a form in the widget and sends the answer back to the tool and the model', async () => {
    model.enqueue({ toolCalls: [{ id: 'ask', name: ELICIT, arguments: {} }] }, { text: 'Thanks, Ada.' });
    const first = model.requests.length;
    const { page, errors } = await openChat();
    await send(page, 'Ask me for my details');

    const form = page.locator('agent-chat [part~="clarify"]');
    await expect.poll(() => form.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => form.locator('.question').textContent()).toContain('Please provide inputs');
    await form.locator('input[name="name"]').fill('Ada Lovelace');
    // Titled single choice (oneOf) and plain multiple choice (array of enum) as native selects.
    await form.locator('select[name="titledSingleSelectEnum"]').selectOption({ label: 'Wonder Woman' });
    await form
      .locator('select[name="untitledMultipleSelectEnum"]')
      .selectOption([{ label: 'Piano' }, { label: 'Drums' }]);
    await form.locator('[part~="form-submit"]').click();

    const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toContain('Thanks, Ada.');
    await expect.poll(() => form.getAttribute('data-state')).not.toBe('pending');
    // The tool's result, with the user's answer and the form's defaults, reached the model's next request.
    const [result] = toolMessages(first + 1);
    expect(result).toContain('Name: Ada Lovelace');
    expect(result).toContain('Favorite Integer: 42');
    // Choices went back typed by the schema: the chosen const, arrays for multiple choice (defaults kept).
    const raw = JSON.parse(/Raw result: ([\s\S]*)$/.exec(result ?? '')?.[1] ?? '{}');
    expect(raw).toMatchObject({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        titledSingleSelectEnum: 'hero-3',
        untitledMultipleSelectEnum: ['Piano', 'Drums'],
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
    expect(errors).toEqual([]);

    // Removing the element ends its MCP session (a DELETE through the proxy), not only the page closing.
    const before = deletes();
    await page.evaluate(() => document.querySelector('agent-chat')!.remove());
    await expect.poll(deletes, { timeout: 10_000 }).toBe(before + 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ends the MCP session when mcp-servers changes and connects again for the next message', async () => {
    model.enqueue({ text: 'One.' }, { text: 'Two.' });
    const first = model.requests.length;
    const { page, errors } = await openChat();
    await send(page, 'first');
    const assistant = page.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toBe('One.');
    const before = deletes();
    // A changed value: the old session ends at once; the next message connects a new one.
    await page.evaluate(() =>
      document
        .querySelector('agent-chat')!
        .setAttribute('mcp-servers', '[{"id":"everything","name":"Everything"}]'),
    );
    await expect.poll(deletes, { timeout: 10_000 }).toBe(before + 1);
    await send(page, 'second');
    await expect.poll(() => assistant.textContent(), { timeout: 30_000 }).toBe('Two.');
    expect(systemMessage(first + 1)).toContain('\necho: ');
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The script-tag build is one entry file: agent-chat.js imports no other file statically. */
describe('script-tag build with MCP', () => {
  it('keeps agent-chat.js free of static imports, with the MCP SDK in a lazy chunk', () => {
    const entry = readFileSync(join(dist, 'agent-chat.js'), 'utf8');
    expect(entry.match(/\bfrom\s*["']\.\/[^"']+["']/g) ?? []).toEqual([]);
    const mcpChunk = readdirSync(dist).find((f) => /^agent-chat-mcp-start-.*\.js$/.test(f));
    expect(mcpChunk).toBeDefined();
    expect(entry).toContain(mcpChunk!);
    expect(entry).not.toContain('elicitation/create');
  });
});
