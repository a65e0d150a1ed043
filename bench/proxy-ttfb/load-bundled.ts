import { join } from 'node:path';
import { importBundled } from '../lib/import-bundled.ts';

type ModelServerModule = typeof import('../../test/model-server/scripted-model-server.ts');
type ProxyModule = typeof import('../../packages/proxy/src/index.ts');

/** The scripted model server (test/model-server). */
export function loadScriptedModelServer(root: string): Promise<ModelServerModule> {
  return importBundled<ModelServerModule>(join(root, 'test/model-server/scripted-model-server.ts'));
}

/** The proxy's public API (`createProxy`), to time its own work without wrangler dev around it. */
export function loadProxy(root: string): Promise<ProxyModule> {
  return importBundled<ProxyModule>(join(root, 'packages/proxy/src/index.ts'));
}
