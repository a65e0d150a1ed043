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

/** Entry points documented as Node-only (core's knowledge build step and its command line). */
const NODE_ONLY_SUBPATHS = new Set(['./build']);

/** The package's JavaScript files reachable by relative imports from `entries` (paths in the package). */
function reachable(packageDir: string, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.m?js$/.test(file)) return;
    seen.add(file);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const specifier of specifiersOf(source))
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
  };
  for (const entry of entries) visit(resolve(packageDir, entry));
  return seen;
}

/** JavaScript targets of an `exports` value (strings anywhere in its condition objects). */
function targetsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.endsWith('.js') ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(targetsOf);
  return [];
}

/**
 * Files where Node built-ins are allowed: those reached only from the package's `bin` and its Node-only
 * subpaths, never from an entry a browser or a Worker loads.
 */
function nodeOnlyFiles(packageDir: string, pkg: Record<string, unknown>): Set<string> {
  const exportsMap = (pkg.exports ?? {}) as Record<string, unknown>;
  const nodeEntries = [
    ...Object.values((pkg.bin ?? {}) as Record<string, string>),
    ...Object.entries(exportsMap).flatMap(([sub, v]) => (NODE_ONLY_SUBPATHS.has(sub) ? targetsOf(v) : [])),
  ];
  const otherEntries = Object.entries(exportsMap).flatMap(([sub, v]) =>
    NODE_ONLY_SUBPATHS.has(sub) ? [] : targetsOf(v),
  );
  const everywhere = reachable(packageDir, otherEntries);
  return new Set([...reachable(packageDir, nodeEntries)].filter((file) => !everywhere.has(file)));
}

/**
 * Checks the `dist` files of the package in `packageDir` (an unpacked tarball). Node built-ins are allowed
 * only in files reached solely from a Node-only entry (`bin`, core's `./build`), with or without `node:`
 * (everything else runs in browsers or Workers); `cloudflare:` modules only in the proxy.
 */
export function checkPackageDist(packageDir: string): DistProblem[] {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const nodeOnly = nodeOnlyFiles(packageDir, pkg);
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
      } else if (specifier.startsWith('node:') || builtinModules.includes(specifier)) {
        if (!nodeOnly.has(file)) report('is a Node built-in');
      } else if (/^[a-z]+:/i.test(specifier)) {
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
