import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

/**
 * Bundles `entry` into one unminified ES module for a browser page, resolving workspace packages from
 * source (the `@agent-chat/source` condition).
 */
export async function bundleForPage(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    conditions: ['@agent-chat/source', 'module', 'browser', 'import', 'default'],
    // Pyodide (core's Python tool) is reached only through a dynamic import(); its Node branch names node:
    // modules a browser build cannot resolve, and no page bundled here runs Python.
    external: ['pyodide'],
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]?.text;
  if (script === undefined) throw new Error(`esbuild produced no output for ${entry}`);
  return script;
}

/** A page served on 127.0.0.1 that runs one bundled module. */
export interface PageBundleServer {
  /** `http://127.0.0.1:<port>/`: an empty page that loads the bundle; `window.__ready` is true once it ran. */
  url: string;
  close(): Promise<void>;
}

/**
 * Bundles `entry` for the browser (workspace packages from source) and serves it on a free local port
 * with a blank page that loads it, for Chromium tests and benchmarks that need real pages (several
 * tabs, closing a tab) rather than Vitest's browser mode.
 */
export async function servePageBundle(entry: string): Promise<PageBundleServer> {
  const script = await bundleForPage(entry);
  const html =
    '<!doctype html><meta charset="utf-8"><title>agent-chat page</title>' +
    '<script type="module" src="/page.js"></script><script type="module">window.__ready = true</script>';
  const server = createServer((request, response) => {
    const isScript = request.url === '/page.js';
    response.writeHead(200, {
      'content-type': isScript ? 'text/javascript' : 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(isScript ? script : html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
