import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

type ModelServerModule = typeof import('../../test/model-server/scripted-model-server.ts');
type ProxyModule = typeof import('../../packages/proxy/src/index.ts');

/**
 * Imports a workspace source file in this Node process. Workspace sources use bundler-style
 * imports (no extensions, `@agent-chat/source` condition) that Node cannot run directly, so the
 * file is bundled with esbuild first.
 */
async function importBundled(entry: string): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-bench-'));
  const outfile = join(dir, 'entry.mjs');
  try {
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      conditions: ['@agent-chat/source'],
      outfile,
      logLevel: 'silent',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The scripted model server (test/model-server). */
export function loadScriptedModelServer(root: string): Promise<ModelServerModule> {
  return importBundled(
    join(root, 'test/model-server/scripted-model-server.ts'),
  ) as Promise<ModelServerModule>;
}

/** The proxy's public API (`createProxy`), to time its own work without wrangler dev around it. */
export function loadProxy(root: string): Promise<ProxyModule> {
  return importBundled(join(root, 'packages/proxy/src/index.ts')) as Promise<ProxyModule>;
}
