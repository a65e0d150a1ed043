import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { BROWSER } from './esbuild-bundle.ts';
import { LOOKUP_TEA_CALL_CHUNKS } from './lookup-tea-call.ts';

/** OpenAI-style streams: a call of `lookup_tea` first, then (once its result is sent) an answer. */
function openAIStream(body: string): string {
  const chunks = body.includes('"role":"tool"')
    ? [
        { choices: [{ index: 0, delta: { role: 'assistant', content: 'Sencha is from Japan.' } }] },
        { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      ]
    : LOOKUP_TEA_CALL_CHUNKS;
  return chunks
    .map((chunk) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', ...chunk })}\n\n`)
    .concat('data: [DONE]\n\n')
    .join('');
}

/** The files a page loaded, and their bytes gzipped together (as `bundle()` counts core_base). */
export interface LoadedCode {
  files: Array<{ name: string; bytes: number }>;
  bytes: Uint8Array;
}

/**
 * Core base plus everything its first tool call loads: entries/core-first-tool-call-page.ts (the core
 * base's three imports and one conversation turn) bundled like core_base (same esbuild options, code
 * splitting on), served, and run in Chromium against a routed OpenAI-style stream (a tool call, then an
 * answer); every chunk the page requested by the answer is counted.
 */
export async function coreFirstToolCall(): Promise<LoadedCode> {
  const result = await build({
    ...BROWSER,
    entryPoints: { page: join(import.meta.dirname, 'entries', 'core-first-tool-call-page.ts') },
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    target: 'es2022',
    splitting: true,
    outdir: 'out',
    write: false,
    logLevel: 'silent',
  });
  const files = new Map(result.outputFiles.map((file) => [basename(file.path), file.contents]));
  const html = '<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>';
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    if (name === '') return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    const file = files.get(name);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const loaded = new Set<string>();
    page.on('request', (request) => {
      if (request.url().startsWith(origin) && request.url().endsWith('.js'))
        loaded.add(new URL(request.url()).pathname.slice(1));
    });
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    await page.route('http://127.0.0.1:9/**', (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fulfill({ status: 204, headers: cors })
        : route.fulfill({
            status: 200,
            headers: { ...cors, 'content-type': 'text/event-stream' },
            body: openAIStream(route.request().postData() ?? ''),
          }),
    );
    await page.goto(origin);
    await page.waitForFunction(() => 'firstToolCall' in window);
    const seen = await page.evaluate(() =>
      (window as unknown as { firstToolCall: () => Promise<string> }).firstToolCall(),
    );
    if (seen !== 'tool.complete; answer: Sencha is from Japan.')
      throw new Error(`the first tool call did not complete as scripted: ${seen}`);
    // In esbuild's output order, as bundle() concatenates core_base, so the two gzip alike.
    const names = [...files.keys()].filter((name) => loaded.has(name));
    if (names.length !== loaded.size)
      throw new Error(`the page loaded files esbuild did not write: ${[...loaded]}`);
    const parts = names.map((name) => files.get(name)!);
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.byteLength;
    }
    return { files: names.map((name) => ({ name, bytes: files.get(name)!.byteLength })), bytes };
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
}
