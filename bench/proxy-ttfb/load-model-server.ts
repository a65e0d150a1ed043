import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

type ModelServerModule = typeof import('../../test/model-server/scripted-model-server.ts');

/**
 * Loads the scripted model server in this Node process. It imports `@agent-chat/core/test` from
 * source (bundler-style imports Node cannot run directly), so it is bundled with esbuild first.
 */
export async function loadScriptedModelServer(root: string): Promise<ModelServerModule> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-bench-'));
  const outfile = join(dir, 'scripted-model-server.mjs');
  try {
    await build({
      entryPoints: [join(root, 'test/model-server/scripted-model-server.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      conditions: ['@agent-chat/source'],
      outfile,
      logLevel: 'silent',
    });
    return (await import(pathToFileURL(outfile).href)) as ModelServerModule;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
