// Must-show of issue 46: a page configured by HTML alone reads a built knowledge index of 200 documents
// served statically; the model's rag_search finds a fact in document 173 and cites it, while the page
// fetches a small part of the index. A damaged shard and an index of another version are named.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { buildKnowledgeIndex, keywordAnalyzer } from '@agent-chat/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardOf, termsFile } from '../../packages/core/src/rag/built/knowledge-index-format.ts';
import { generatedDocument, maintenanceWindow, serviceName } from '../../scripts/lib/generated-docs.ts';
import { composerReady } from './composer-ready.ts';
import { isolatedPage } from './isolated-page.ts';
import { startWidgetStack, type WidgetStack } from './widget-stack.ts';

let stack: WidgetStack;
let files: Map<string, Uint8Array>;
let shards: number;
/** Every request to the site: path and bytes sent. */
const log: { path: string; bytes: number }[] = [];

const page = (proxyUrl: string, knowledge: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Docs</title>
<script type="module" src="/agent-chat.js"></script></head>
<body><agent-chat proxy-url="${proxyUrl}" model="scripted-model" knowledge="${knowledge}"></agent-chat></body></html>`;

/** The static site: pages, the widget build, and the index under /knowledge/ (and variants). */
async function serveSite(proxyUrl: string, distDir: string) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, type: string, body: Uint8Array | string) => {
      log.push({ path, bytes: typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength });
      res.writeHead(status, { 'content-type': type, 'cache-control': 'max-age=3600' }).end(body);
    };
    const index = /^\/(knowledge|damaged|old)\/(.*)$/.exec(path);
    if (path === '/' || path === '/damaged.html' || path === '/old.html')
      return send(
        200,
        'text/html',
        page(proxyUrl, path === '/' ? '/knowledge/' : path.replace('.html', '/')),
      );
    if (index) {
      let body = files.get(index[2] || 'index.json');
      if (!body) return send(404, 'text/plain', 'not found');
      if (index[1] === 'old' && index[2] === 'index.json')
        body = new TextEncoder().encode(
          new TextDecoder().decode(body).replace('"version": 1', '"version": 0'),
        );
      if (
        index[1] === 'damaged' &&
        index[2] === termsFile(shardOf(keywordAnalyzer()('maintenance')!, shards))
      )
        body = body.map((b, i) => (i === body!.length - 12 ? b ^ 0xff : b));
      return send(200, index[2]!.endsWith('.json') ? 'application/json' : 'application/gzip', body);
    }
    const file = normalize(join(distDir, path));
    if (!file.startsWith(distDir)) return send(403, 'text/plain', 'forbidden');
    try {
      send(200, path.endsWith('.js') ? 'text/javascript' : 'application/octet-stream', await readFile(file));
    } catch {
      send(404, 'text/plain', 'not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

beforeAll(async () => {
  const documents = Array.from({ length: 200 }, (_, i) => generatedDocument(i));
  const built = await buildKnowledgeIndex(
    documents.map((d) => ({ source: `/${d.path}`, content: d.markdown })),
  );
  files = built.files;
  shards = built.root.shards;
  stack = await startWidgetStack({
    upstreamApiKey: 'sk-e2e-built-index-upstream',
    serveSite: ({ proxyUrl, distDir }) => serveSite(proxyUrl, distDir),
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

type ChatRequest = { messages: Array<{ role: string; content: string | null }> };

async function ask(p: Page, query: string, answer: string): Promise<string> {
  const start = stack.model.requests.length;
  stack.model.enqueue({ toolCalls: [{ name: 'rag_search', arguments: { query } }] }, { text: answer });
  const input = p.locator('agent-chat textarea');
  await composerReady(p);
  await input.fill('When is the maintenance window?');
  await input.press('Enter');
  await expect
    .poll(() => p.locator('agent-chat [part~="message-assistant"]').last().textContent(), { timeout: 30_000 })
    .toContain(answer.slice(0, 20));
  // The answer's first words show while the rest (its link) still streams: wait for the run to end.
  await composerReady(p);
  const request = stack.model.requests[start + 1]?.body as ChatRequest | undefined;
  return request?.messages.at(-1)?.content ?? '';
}

describe('<agent-chat knowledge="/knowledge/"> reading a built index of 200 documents', () => {
  it('finds the fact of document 173, cites it, and fetches under 10% of the index', async () => {
    const p = await isolatedPage(stack.browser);
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(stack.example.url);
    const source = `${stack.example.url}/docs/173.md`;
    const fact = `The maintenance window of the ${serviceName(173)} service is ${maintenanceWindow(173)}.`;
    const result = await ask(
      p,
      `${serviceName(173)} maintenance window`,
      `It is ${maintenanceWindow(173)} ([document 173](${source})).`,
    );
    expect(result).toContain(source);
    expect(result).toContain(fact);
    const answer = p.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => answer.locator('a').first().getAttribute('href')).toBe(source);
    const indexBytes = [...files.values()].reduce((sum, f) => sum + f.byteLength, 0);
    const fetched = log.filter((r) => r.path.startsWith('/knowledge/')).reduce((sum, r) => sum + r.bytes, 0);
    expect(fetched).toBeGreaterThan(0);
    expect(fetched / indexBytes).toBeLessThan(0.1);
    console.log(
      `Fetched ${fetched} of the index's ${indexBytes} bytes (${((100 * fetched) / indexBytes).toFixed(1)}%).`,
    );
    expect(errors).toEqual([]);
    await p.close();
  });

  it('names a shard that fails its checksum (search goes on), and an index of another version', async () => {
    const p = await isolatedPage(stack.browser);
    await p.goto(`${stack.example.url}/damaged.html`);
    const damaged = termsFile(shardOf(keywordAnalyzer()('maintenance')!, shards));
    const result = await ask(p, `${serviceName(173)} maintenance window`, 'Partly answered from the rest.');
    expect(result).toContain(damaged);
    expect(result).toContain(`docs/173.md`);

    await p.goto(`${stack.example.url}/old.html`);
    const notice = p.locator('agent-chat [part~="knowledge-notice"]');
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toContain('format version 0');
    expect(await notice.textContent()).toContain('/old/index.json');
    await p.close();
  });
});
