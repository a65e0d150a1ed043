import { rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Imports a TypeScript module that uses @agent-chat/* from source (whose imports end in `.js`, which
 * Node's type stripping cannot resolve): bundles it for Node with the `@agent-chat/source` condition
 * into a temporary file beside the entry (so `import.meta.dirname` still finds its fixtures), imports
 * that, and removes it.
 */
export async function importBundled<T>(entry: string): Promise<T> {
  const outfile = join(dirname(entry), `.${basename(entry)}.${process.pid}.bundled.mjs`);
  try {
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      conditions: ['@agent-chat/source', 'module', 'import', 'default'],
      // CommonJS dependencies (the AI SDK's @vercel/oidc) call require() for Node built-ins.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    return (await import(pathToFileURL(outfile).href)) as T;
  } finally {
    rmSync(outfile, { force: true });
  }
}
