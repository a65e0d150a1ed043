import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { servePyodideFile } from './pyodide-files.ts';

const root = resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** A static server for examples/script-tag. */
export interface ExampleServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves examples/script-tag on 127.0.0.1 with `/agent-chat.js` taken from the widget's script-tag build.
 * `proxyUrl` and `model` replace the page's `proxy-url` / `model` attributes, so the page on disk stays
 * a plain copy-pasteable example. `proxyUrl: ''` removes the attribute (nothing configured).
 */
export async function serveExample(options: {
  proxyUrl?: string;
  model?: string;
  port?: number;
  /** JSON for the element's `mcp-servers` attribute (e.g. `[{"id":"everything"}]`); default none. */
  mcpServers?: string;
  /** HTML shown at the top of the page (the demo's configuration help). */
  notice?: string;
  /** Further attributes of the `<agent-chat>` element, e.g. `{ 'image-model': 'gpt-image-1-mini' }`. */
  attributes?: Record<string, string>;
  /** Where `/agent-chat*` files come from; default packages/widget/dist. */
  distDir?: string;
}): Promise<ExampleServer> {
  const dir = join(root, 'examples/script-tag');
  const widgetDist = options.distDir ?? join(root, 'packages/widget/dist');
  const server = createServer(async (req, res) => {
    // The code interpreter's runtime, as a site serving a copy of node_modules/pyodide/ would.
    if (await servePyodideFile(req, res)) return;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file =
      path === '/'
        ? join(dir, 'index.html')
        : path.startsWith('/agent-chat')
          ? join(widgetDist, path)
          : join(dir, path);
    // Only files inside the two folders are served.
    if (!normalize(file).startsWith(dir) && !normalize(file).startsWith(widgetDist)) {
      res.writeHead(403).end();
      return;
    }
    try {
      let body: string | Buffer = await readFile(file);
      if (file.endsWith('index.html')) {
        body = body.toString('utf8');
        if (options.proxyUrl !== undefined)
          body = body.replace(
            / proxy-url="[^"]*"/,
            options.proxyUrl ? ` proxy-url="${options.proxyUrl}"` : '',
          );
        if (options.model) body = body.replace(/model="[^"]*"/, `model="${options.model}"`);
        if (options.mcpServers)
          body = body.replace(
            '<agent-chat',
            `<agent-chat mcp-servers='${options.mcpServers.replaceAll("'", '&#39;')}'`,
          );
        for (const [name, value] of Object.entries(options.attributes ?? {}))
          body = body.replace('<agent-chat', `<agent-chat ${name}="${value.replaceAll('"', '&quot;')}"`);
        if (options.notice) body = body.replace('<body>', `<body>\n    ${options.notice}`);
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${path}`);
    }
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
