// The site of the knowledge-scale benchmark: the page, N generated documents (with ETags, answering
// conditional requests with 304, as a static host does), their built index under /knowledge/ and
// Pagefind's index of the same pages under /pagefind/. Counts requests and bytes per path prefix.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Site {
  url: string;
  /** Requests and body bytes since the last `reset()`, by first path segment (`docs`, `knowledge`, `pagefind`). */
  traffic(): Record<string, { requests: number; bytes: number }>;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Serves `files` (path without the leading slash → bytes) and the page around `script`, with the keyword
 * index's `worker` script beside it (where core's `new URL('./keyword-index-worker.js', import.meta.url)` points).
 */
export async function serveSite(
  files: Map<string, Uint8Array>,
  script: string,
  worker: string,
): Promise<Site> {
  let traffic: Record<string, { requests: number; bytes: number }> = {};
  const html =
    '<!doctype html><meta charset="utf-8"><title>knowledge-scale</title><script type="module" src="/page.js"></script>';
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).slice(1);
    const body =
      path === ''
        ? html
        : path === 'page.js'
          ? script
          : path === 'keyword-index-worker.js'
            ? worker
            : files.get(path);
    const segment = path.split('/')[0] ?? '';
    const count = (bytes: number) => {
      traffic[segment] ??= { requests: 0, bytes: 0 };
      traffic[segment].requests++;
      traffic[segment].bytes += bytes;
    };
    if (body === undefined) {
      count(0);
      response.writeHead(404).end();
      return;
    }
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    const headers = {
      'content-type':
        path.endsWith('.js') || path === 'page.js'
          ? 'text/javascript'
          : path === ''
            ? 'text/html'
            : path.endsWith('.md')
              ? 'text/markdown'
              : path.endsWith('.json')
                ? 'application/json'
                : 'application/octet-stream',
      etag,
      // Documents and the index root are revalidated; index shards and Pagefind's files are cached an hour.
      'cache-control': path.startsWith('docs/') || path.endsWith('index.json') ? 'no-cache' : 'max-age=3600',
    };
    if (request.headers['if-none-match'] === etag) {
      count(0);
      response.writeHead(304, headers).end();
      return;
    }
    count(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    response.writeHead(200, headers).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    traffic: () => traffic,
    reset: () => {
      traffic = {};
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
