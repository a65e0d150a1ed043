// What a published package must never contain: a file that loads a `.ts` module (dist ships only
// JavaScript), a relative import of a file that is not in the package, or an import of a package that is
// in neither `dependencies` nor `peerDependencies` (the user's install would not have it).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One problem found in a package folder. */
export interface DistProblem {
  file: string;
  specifier: string;
  problem: string;
}

/** Every module specifier an ES module or .d.ts file loads: imports (static and dynamic), re-exports, `new URL(…, import.meta.url)`. */
export function specifiersOf(source: string): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, false);
  const urls = [...source.matchAll(/new URL\(\s*(['"`])([^'"`]+)\1\s*,\s*import\.meta\.url\s*\)/g)].map(
    (m) => m[2]!,
  );
  return [...importedFiles.map((f) => f.fileName), ...urls];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Checks the `dist` files of the package in `packageDir` (an unpacked tarball). Node built-ins are never
 * allowed, with or without `node:` (every package runs in browsers or Workers); `cloudflare:` modules only
 * in the proxy.
 */
export function checkPackageDist(packageDir: string): DistProblem[] {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const declared = new Set([
    pkg.name,
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ]);
  const files = filesUnder(join(packageDir, 'dist')).filter((f) => /\.(m?js|d\.ts)$/.test(f));
  const present = new Set(filesUnder(packageDir));
  const problems: DistProblem[] = [];
  for (const file of files) {
    const at = relative(packageDir, file);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const report = (problem: string) => problems.push({ file: at, specifier, problem });
      if (/\.(c|m)?tsx?$/.test(specifier) && !specifier.endsWith('.d.ts'))
        report('loads a TypeScript module');
      else if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        const candidates = file.endsWith('.d.ts')
          ? [target, target.replace(/\.js$/, '.d.ts'), `${target}.d.ts`]
          : [target];
        if (!candidates.some((c) => present.has(c))) report('is not a file in the package');
      } else if (specifier.startsWith('cloudflare:')) {
        if (pkg.name !== '@agent-chat/proxy') report('is a Workers runtime module outside the proxy');
      } else if (specifier.startsWith('node:') || builtinModules.includes(specifier))
        report('is a Node built-in');
      else if (/^[a-z]+:/i.test(specifier)) {
        // The one URL allowed: a declared (peer) dependency's CDN build at a pinned version, which the
        // widget's script-tag build loads instead of bundling it (transformers.js: 72 MB with its WASM).
        const cdn = /^https:\/\/cdn\.jsdelivr\.net\/npm\/((?:@[^/@]+\/)?[^/@]+)@\d+\.\d+\.\d+\//.exec(
          specifier,
        );
        if (!cdn || !declared.has(cdn[1]!)) report('is a URL');
      } else if (!declared.has(packageName(specifier)))
        report(`needs ${packageName(specifier)}, which is in neither dependencies nor peerDependencies`);
    }
  }
  return problems;
}
