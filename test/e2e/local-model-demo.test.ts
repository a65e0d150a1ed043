import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { type ExampleServer, serveExample } from '../../scripts/lib/example-server.ts';
import { buildLocalModelBundle, noProviderNotice } from '../../scripts/lib/local-model-bundle.ts';
import { buildWidget } from '../../scripts/lib/widget-build.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';

// The demo page without a provider key (`npm run demo` with no OPENAI_* set): examples/script-tag/local-model.js
// runs the chat on webLLM. The bundle is the demo's, except that the worker hosts the fake engine
// (no weights can be downloaded here): real page, real widget, real web-llm client and worker protocol.
const _root = resolve(import.meta.dirname, '../..');
const dist = mkdtempSync(join(tmpdir(), 'agent-chat-local-demo-'));
let example: ExampleServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  // Its own output folder: the local-model bundle is added beside the widget build.
  buildWidget(dist);
  await buildLocalModelBundle(dist, { workerEntry: 'packages/core/src/test/fake-web-llm.worker.ts' });
  example = await serveExample({ proxyUrl: '', notice: noProviderNotice, distDir: dist });
});

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await example?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function openPage(args: string[]) {
  const browser = await launchChromium(args);
  browsers.push(browser);
  const page = await isolatedPage(browser);
  await page.goto(example.url);
  // Every text the status line shows, in order.
  await page.evaluate(() => {
    const status = document.getElementById('local-model-status')!;
    const seen: string[] = [];
    (window as unknown as { __status: string[] }).__status = seen;
    const record = () => {
      const text = status.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (text !== seen.at(-1)) seen.push(text);
    };
    record();
    new MutationObserver(record).observe(status, { subtree: true, childList: true, characterData: true });
  });
  return page;
}

describe('demo page without a provider key', () => {
  it('runs the local model when the browser has WebGPU, showing download and compile progress', async () => {
    const page = await openPage(['--enable-unsafe-webgpu']);
    const status = page.locator('#local-model-status');
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toMatch(/downloads on your first message/);
    const input = page.locator('agent-chat').locator('textarea');
    await composerReady(page);
    await input.fill('Which green teas do you have?');
    await input.press('Enter');
    const answer = page.locator('agent-chat').locator('[part~="message-assistant"]').last();
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toMatch(/fake web-llm engine/);
    const seen = await page.evaluate(() => (window as unknown as { __status: string[] }).__status);
    expect(seen.some((text) => /Downloading the model of 800 MB/.test(text))).toBe(true);
    expect(seen.some((text) => /Preparing the model on the GPU/.test(text))).toBe(true);
    expect(seen.at(-1)).toBe('Local model ready (WebGPU).');
  });

  it('says why it cannot run locally when there is no WebGPU adapter', async () => {
    const page = await openPage([]);
    await expect
      .poll(() => page.locator('#local-model-status').textContent(), { timeout: 20_000 })
      .toMatch(/cannot run a model locally: .*found none/);
    // The help on setting a key stays on the page.
    expect(await page.getByText('OPENAI_API_KEY=sk-… npm run demo').isVisible()).toBe(true);
  });
});
