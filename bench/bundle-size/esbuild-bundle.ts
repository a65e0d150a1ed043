import { type BuildOptions, build } from 'esbuild';

/** Browser bundles resolve workspace packages from source through the `@agent-chat/source` condition. */
export const BROWSER: BuildOptions = {
  platform: 'browser',
  conditions: ['@agent-chat/source', 'module', 'browser', 'import', 'default'],
};

/** A Cloudflare Worker: no browser or Node globals assumed. */
export const WORKER: BuildOptions = {
  platform: 'neutral',
  // Runtime modules such as cloudflare:workers (Durable Objects) are provided by workerd.
  external: ['cloudflare:*'],
  conditions: ['@agent-chat/source', 'workerd', 'worker', 'module', 'import', 'default'],
  mainFields: ['module', 'main'],
};

/** Bundles one entry into a single minified, tree-shaken ES2022 module and returns its bytes. */
export async function bundle(entry: string, target: BuildOptions): Promise<Uint8Array> {
  const result = await build({
    ...target,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const [output, ...more] = result.outputFiles;
  if (!output || more.length > 0)
    throw new Error(`esbuild produced ${result.outputFiles.length} files for ${entry}, expected 1.`);
  return output.contents;
}
