import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { isolatedPage } from '../e2e/isolated-page.ts';
import { type McpServerProcess, startServerEverything } from './server-everything.ts';

let mcp: McpServerProcess;
let page: Server;
let pageUrl: string;
let browser: Browser;
let bundleBytes = 0;

beforeAll(async () => {
  mcp = await startServerEverything();
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'browser-entry.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    conditions: ['@agent-chat/source'],
    // Core's python tool loads pyodide (Node built-ins inside) only when used; this page never uses it.
    external: ['pyodide'],
    write: false,
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]!.contents;
  bundleBytes = script.byteLength;
  page = createServer((req, res) => {
    if (req.url === '/hub.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      return;
    }
    // No 'unsafe-eval': anything that generates code from strings (e.g. Ajv's compiler) would be blocked.
    res
      .writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': `default-src 'none'; script-src 'self'; connect-src http://127.0.0.1:${mcp.port}`,
      })
      .end('<!doctype html><title>hub</title><script type="module" src="/hub.js"></script>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  const address = page.address();
  pageUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  page?.closeAllConnections();
  await new Promise((resolve) => (page ? page.close(resolve) : resolve(undefined)));
  await mcp?.stop();
});

describe('McpHub in Chromium under a strict CSP', () => {
  it('lists, validates and calls with progress, without eval, and ends the session when the page goes away', async () => {
    expect(bundleBytes).toBeGreaterThan(0);
    const tab = await isolatedPage(browser);
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => 'runHub' in window);
    const result = await tab.evaluate(
      (url) => (window as unknown as { runHub: (u: string) => Promise<unknown> }).runHub(url),
      mcp.url,
    );
    expect(result).toMatchObject({
      status: { status: 'up', sessionId: expect.any(String) },
      validArgsAccepted: true,
      invalidArgsRefused: true,
      progress: [1, 2, 3, 4, 5],
      text: expect.stringContaining('Long running operation completed'),
      violations: [],
    });
    const sessionId = (result as { status: { sessionId: string } }).status.sessionId;
    // Leaving the page fires pagehide: the hub's keepalive DELETE ends the session on the server.
    await tab.goto('about:blank');
    await expect
      .poll(async () => {
        const reuse = await fetch(mcp.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': sessionId,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
        await reuse.body?.cancel();
        return reuse.status;
      })
      .toBe(400);
    await tab.close();
  });
});
