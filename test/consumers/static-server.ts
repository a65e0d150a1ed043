// A plain static file server on 127.0.0.1 (random port), as any web host would serve a built app.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** A running static server; `close()` stops it. */
export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `folder`. With `forward`, requests under `/v1/` go to that base URL (ending in `/v1`) and its
 * answer streams back, as a reverse proxy in front of a model server would do.
 */
export async function serveStatic(folder: string, options: { forward?: string } = {}): Promise<StaticServer> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (options.forward && path.startsWith('/v1/')) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(options.forward + path.slice(3), {
        method: req.method ?? 'GET',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' });
      const reader = upstream.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read())
        res.write(read.value);
      res.end();
      return;
    }
    const file = join(folder, normalize(path === '/' ? '/index.html' : path));
    if (!file.startsWith(folder) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
