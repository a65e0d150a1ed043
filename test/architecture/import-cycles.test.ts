import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backwardImports, cycles, importGraph, repoRoot } from './import-graph.ts';

// Core's layers, lowest first: a folder may import only from its own layer or lower ones (docs/adr/0008).
const CORE_LAYERS = [
  ['config', 'model', 'context', 'telemetry'],
  ['tools'],
  ['mcp', 'mcp-apps', 'rag'],
  ['memory'],
  ['agent'],
  ['ai-sdk', 'ag-ui', 'remote'],
];

describe('import graph', () => {
  for (const pkg of ['core', 'widget', 'proxy']) {
    it(`packages/${pkg}/src has no import cycle`, async () => {
      expect(cycles(await importGraph(`packages/${pkg}/src`))).toEqual([]);
    });
  }

  it("every folder of core's src/ has a layer", () => {
    const folders = readdirSync(join(repoRoot, 'packages/core/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'test')
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !CORE_LAYERS.flat().includes(folder))).toEqual([]);
  });

  it("core's folders import only from their own layer or lower ones", async () => {
    const graph = await importGraph('packages/core/src');
    expect(backwardImports(graph, 'packages/core/src', CORE_LAYERS)).toEqual([]);
  });

  it('the checks find a cycle and a backward import when there is one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cycle-'));
    try {
      const files = {
        'tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "moduleResolution": "nodenext" } }',
        'a.ts': "import { b } from './low/b.js';\nexport const a = b;\n",
        'low/b.ts': "import type { C } from '../high/c.js';\nexport const b: C = 1;\n",
        'high/c.ts': "import { b } from '../low/b.js';\nexport type C = typeof b;\n",
      };
      await mkdir(join(dir, 'low'));
      await mkdir(join(dir, 'high'));
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      const graph = await importGraph('.', dir);
      expect(cycles(graph)).toEqual([['low/b.ts', 'high/c.ts']]);
      expect(backwardImports(graph, '', [['low'], ['high']])).toEqual(['low/b.ts → high/c.ts']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
