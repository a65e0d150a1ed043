import { relative, resolve, sep } from 'node:path';
import { type BuildOptions, build } from 'esbuild';

/** Browser bundles resolve workspace packages from source through the `@agent-chat/source` condition. */
export const BROWSER: BuildOptions = {
  platform: 'browser',
  conditions: ['@agent-chat/source', 'module', 'browser', 'import', 'default'],
  // Pyodide (core's Python tool) is reached only through a dynamic import(), so it is never up front; it
  // stays external because its Node branch names node: modules a browser build cannot resolve.
  external: ['pyodide'],
};

/** A Cloudflare Worker: no browser or Node globals assumed. */
export const WORKER: BuildOptions = {
  platform: 'neutral',
  // Runtime modules such as cloudflare:workers (Durable Objects) are provided by workerd.
  external: ['cloudflare:*'],
  conditions: ['@agent-chat/source', 'workerd', 'worker', 'module', 'import', 'default'],
  mainFields: ['module', 'main'],
};

/**
 * Bundles one entry into minified, tree-shaken ES2022 modules and returns the bytes a page downloads
 * up front: the entry chunk and the chunks it imports statically. Code behind a dynamic `import()` (a
 * tokenizer, a local-model engine) is split off and not counted, as a browser fetches it only when used.
 */
export async function bundle(entry: string, target: BuildOptions): Promise<Uint8Array> {
  const result = await build({
    ...target,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    target: 'es2022',
    splitting: true,
    outdir: 'out',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  // Every dynamic import() is an entry point in esbuild's metafile too: find the one for `entry` itself.
  const entryName = Object.keys(outputs).find((name) => {
    const entryPoint = outputs[name]?.entryPoint;
    return entryPoint !== undefined && resolve(entryPoint) === resolve(entry);
  });
  if (!entryName) throw new Error(`esbuild produced no entry chunk for ${entry}.`);
  const upFront = new Set<string>();
  const visit = (name: string) => {
    if (upFront.has(name)) return;
    upFront.add(name);
    // External imports (a Worker's `cloudflare:workers`) are provided by the runtime: no output file.
    for (const imported of outputs[name]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entryName);
  // Metafile names are relative to the working directory, output files absolute.
  const files = result.outputFiles.filter((file) =>
    upFront.has(relative(process.cwd(), file.path).split(sep).join('/')),
  );
  if (files.length !== upFront.size)
    throw new Error(`esbuild outputs for ${entry} could not be matched to its metafile.`);
  const bytes = new Uint8Array(files.reduce((n, f) => n + f.contents.byteLength, 0));
  let offset = 0;
  for (const file of files) {
    bytes.set(file.contents, offset);
    offset += file.contents.byteLength;
  }
  return bytes;
}
