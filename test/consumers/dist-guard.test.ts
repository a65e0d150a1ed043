// The guard over the packed packages: every dist file loads only JavaScript that is in the package and
// packages the package declares. The first tests show the guard fails on exactly those mistakes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkPackageDist } from './dist-guard.ts';
import { PACKAGES } from './pack-packages.ts';
import { unpack } from './unpack.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function fakePackage(files: Record<string, string>, pkg: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-guard-'));
  made.push(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'fake', dependencies: { lit: '3' }, ...pkg }),
  );
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('the dist guard', () => {
  it('fails on a worker or import of a .ts module', () => {
    const dir = fakePackage({
      'dist/index.js': "const w = new Worker(new URL('./worker.ts', import.meta.url));\nexport { w };\n",
      'dist/lazy.js': "export const load = () => import('./engine.ts');\n",
    });
    expect(checkPackageDist(dir)).toEqual([
      { file: 'dist/index.js', specifier: './worker.ts', problem: 'loads a TypeScript module' },
      { file: 'dist/lazy.js', specifier: './engine.ts', problem: 'loads a TypeScript module' },
    ]);
  });

  it('fails on an undeclared package, a Node built-in and a relative file the package lacks', () => {
    const dir = fakePackage({
      'dist/index.js':
        "import { html } from 'lit';\nimport pad from 'left-pad/index.js';\nimport { readFile } from 'node:fs';\nexport * from './missing.js';\n",
      'dist/index.d.ts': "export type { X } from '@scope/undeclared';\n",
    });
    expect(checkPackageDist(dir).map((p) => [p.specifier, p.problem])).toEqual([
      ['@scope/undeclared', 'needs @scope/undeclared, which is in neither dependencies nor peerDependencies'],
      ['left-pad/index.js', 'needs left-pad, which is in neither dependencies nor peerDependencies'],
      ['node:fs', 'is a Node built-in'],
      ['./missing.js', 'is not a file in the package'],
    ]);
  });

  it('accepts the CDN build of a declared peer at a pinned version, and no other URL', () => {
    const cdn = 'https://cdn.jsdelivr.net/npm/@scope/engine';
    const dir = fakePackage(
      {
        'dist/index.js': [
          `export const a = () => import('${cdn}@4.3.1/dist/engine.min.js');`,
          `export const b = () => import('${cdn}@latest/dist/engine.min.js');`,
          "export const c = () => import('https://cdn.jsdelivr.net/npm/other@1.0.0/index.js');",
          "export const d = () => import('https://example.com/engine.js');",
        ].join('\n'),
      },
      { peerDependencies: { '@scope/engine': '4' } },
    );
    expect(checkPackageDist(dir).map((p) => p.specifier)).toEqual([
      `${cdn}@latest/dist/engine.min.js`,
      'https://cdn.jsdelivr.net/npm/other@1.0.0/index.js',
      'https://example.com/engine.js',
    ]);
  });

  it('accepts declared dependencies and optional peers', () => {
    const dir = fakePackage(
      {
        'dist/index.js':
          "import 'lit';\nexport const f = async () => { try { return await import('engine'); } catch {} };\n",
        'dist/index.d.ts': "export * from './types.js';\n",
        'dist/types.d.ts': 'export type T = 1;\n',
      },
      { peerDependencies: { engine: '1' } },
    );
    expect(checkPackageDist(dir)).toEqual([]);
  });
});

describe('the dist guard and Node-only entries', () => {
  it('allows a Node built-in only in files reached from bin or ./build alone', () => {
    const dir = fakePackage(
      {
        'dist/index.js': "export * from './shared.js';\n",
        'dist/shared.js': "import { readFile } from 'node:fs';\nexport { readFile };\n",
        'dist/build.js': "import './shared.js';\nimport './fs-reader.js';\n",
        'dist/fs-reader.js': "import { readdir } from 'node:fs/promises';\nexport { readdir };\n",
        'bin/cli.js': "import '../dist/build.js';\nimport 'node:process';\n",
      },
      {
        bin: { cli: './bin/cli.js' },
        exports: { '.': { default: './dist/index.js' }, './build': { default: './dist/build.js' } },
      },
    );
    // shared.js is reached from the main entry too: a browser would load node:fs.
    expect(checkPackageDist(dir).map((p) => [p.file, p.specifier])).toEqual([['dist/shared.js', 'node:fs']]);
  });
});

describe.each(PACKAGES)('@agent-chat/%s as packed', (name) => {
  it('has a dist that loads only its own JavaScript and declared packages', () => {
    const dir = unpack(inject('tarballs')[name]);
    made.push(dirname(dir));
    expect(checkPackageDist(dir)).toEqual([]);
  });
});
