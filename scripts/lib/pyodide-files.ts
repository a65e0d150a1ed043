import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** URL path under which tests and the demo serve the files of the npm package `pyodide`, untransformed. */
export const PYODIDE_PATH = '/pyodide/';

const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

/** Folder of the installed `pyodide` package (resolved from @agent-chat/core, which has it as a dev dependency). */
export function pyodideDir(): string {
  const require = createRequire(join(import.meta.dirname, '../../packages/core/package.json'));
  return dirname(require.resolve('pyodide/package.json'));
}

/**
 * Answers `GET /pyodide/<file>` with the runtime file as it is on disk (Vite would otherwise rewrite the
 * `.mjs` files as modules of its own graph); returns false for any other request. `headers` are added
 * to each file's response (the Python bench sends `cache-control: no-store`).
 */
export async function servePyodideFile(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (!path.startsWith(PYODIDE_PATH)) return false;
  const name = path.slice(PYODIDE_PATH.length);
  const type = TYPES[name.slice(name.lastIndexOf('.'))];
  if (!type || name.includes('/')) {
    res.writeHead(404).end();
    return true;
  }
  try {
    const body = await readFile(join(pyodideDir(), name));
    res.writeHead(200, { ...headers, 'content-type': type, 'access-control-allow-origin': '*' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
  return true;
}

/** Vite plugin: {@link servePyodideFile} in front of the dev server (browser tests of the interpreter). */
export function pyodideFiles(): Plugin {
  return {
    name: 'agent-chat-pyodide-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        servePyodideFile(req, res).then((served) => served || next(), next);
      });
    },
  };
}
