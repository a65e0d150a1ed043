// The site of the HTML-only e2e page: the page, the script-tag build, the shop's documents with ETags
// (answering conditional requests with 304), a token endpoint minting proxy tokens with AUTH_SECRET, and
// the add-to-cart form's action. Every request is recorded, so tests can count downloads.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { mintClientToken } from '../../packages/proxy/src/auth/client-token.ts';
import type { ExampleServer } from '../../scripts/lib/example-server.ts';

const root = resolve(import.meta.dirname, '../..');
const docs = join(root, 'examples/script-tag/docs');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.pdf': 'application/pdf',
  '.map': 'application/json',
};

/**
 * The running site; `log` holds method, path, status and time (ms) of every request, and the `e2e-page` cookie
 * the request carried (a test that sets it tells its own page's requests from a closed earlier page's).
 */
export interface ShopSite extends ExampleServer {
  log: Array<{ method: string; path: string; status: number; at: number; body?: string; page?: string }>;
  /** Lifetime of the tokens minted from now on (the endpoint still says `expiresIn: 3600`). */
  tokenTtlSeconds: number;
}

export async function serveShopSite(options: {
  proxyUrl: string;
  distDir: string;
  authSecret: string;
}): Promise<ShopSite> {
  const page = (await readFile(join(import.meta.dirname, 'pages/html-only.html'), 'utf8')).replace(
    'PROXY_URL',
    options.proxyUrl,
  );
  const log: ShopSite['log'] = [];
  const site = { tokenTtlSeconds: 900 };
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (
      status: number,
      headers: Record<string, string>,
      body?: string | Buffer,
      logged?: string,
    ) => {
      const page = /(?:^|;\s*)e2e-page=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      log.push({
        method: req.method ?? 'GET',
        path,
        status,
        at: Date.now(),
        ...(logged ? { body: logged } : {}),
        ...(page ? { page } : {}),
      });
      res.writeHead(status, { 'cache-control': 'no-store', ...headers }).end(body);
    };
    try {
      // `/no-workers`: the same page under a Content-Security-Policy that lets no worker start
      // (`worker-src 'none'`): what the knowledge base does on a site that has not allowed them.
      if (path === '/') return send(200, { 'content-type': TYPES['.html']! }, page);
      if (path === '/no-workers')
        return send(
          200,
          { 'content-type': TYPES['.html']!, 'content-security-policy': "worker-src 'none'" },
          page,
        );
      if (path === '/api/chat-token') {
        // Claims a long life but mints what tokenTtlSeconds says: lets a test have the proxy see it expire.
        const token = await mintClientToken({
          secret: options.authSecret,
          sub: 'visitor-1',
          ttlSeconds: site.tokenTtlSeconds,
        });
        return send(200, { 'content-type': 'application/json' }, JSON.stringify({ token, expiresIn: 3600 }));
      }
      if (path === '/api/cart' && req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const form = new URLSearchParams(body);
        return send(
          200,
          { 'content-type': 'text/plain' },
          `Added ${form.get('quantity')} × ${form.get('tea')} to the cart.`,
          body,
        );
      }
      const file = path.startsWith('/agent-chat')
        ? join(options.distDir, path)
        : path.startsWith('/docs/')
          ? join(docs, path.slice(6))
          : undefined;
      if (!file || (!normalize(file).startsWith(options.distDir) && !normalize(file).startsWith(docs)))
        return send(404, { 'content-type': 'text/plain' }, 'not found');
      const bytes = await readFile(file);
      const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) return send(304, { etag });
      return send(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', etag }, bytes);
    } catch {
      return send(404, { 'content-type': 'text/plain' }, 'not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
