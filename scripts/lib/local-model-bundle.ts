import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '../..');

/**
 * Builds what the demo needs to run a model in the browser: `agent-chat-local.js` (createAgent + webLLM),
 * `agent-chat-web-llm.worker.js` (the worker that hosts web-llm) and their shared chunks (web-llm, 6 MB),
 * into `outdir` (the widget's dist, which the example server serves under /agent-chat*).
 */
export async function buildLocalModelBundle(outdir: string): Promise<void> {
  await build({
    entryPoints: {
      'agent-chat-local': join(root, 'scripts/lib/local-model-entry.ts'),
      'agent-chat-web-llm.worker': join(root, 'packages/core/src/model/web-llm.worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    chunkNames: 'agent-chat-chunk-[hash]',
    conditions: ['@agent-chat/source'],
    logLevel: 'warning',
  });
}
