import { build, type Rollup } from 'vite';

/**
 * The bytes a page downloads up front when an SPA bundles `entry` with Vite (a production build, its
 * default minifier, ES2022): the entry chunk and the chunks it imports statically, concatenated as
 * `bundle()` does for esbuild. Dynamic `import()`s stay out, as a browser fetches them only when used.
 * The workspace packages resolve from source (`@agent-chat/source`), as in the esbuild rows.
 */
export async function viteBundle(entry: string): Promise<Uint8Array> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: ['@agent-chat/source', 'module', 'browser', 'import', 'default'] },
    build: {
      write: false,
      target: 'es2022',
      rollupOptions: { input: entry, preserveEntrySignatures: 'strict', external: ['pyodide'] },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  const chunks = new Map(
    output.output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])),
  );
  const first = [...chunks.values()].find((c) => c.isEntry);
  if (!first) throw new Error(`Vite produced no entry chunk for ${entry}.`);
  const upFront: string[] = [];
  const visit = (name: string) => {
    if (upFront.includes(name)) return;
    upFront.push(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(first.fileName);
  return new TextEncoder().encode(upFront.map((name) => chunks.get(name)!.code).join(''));
}
