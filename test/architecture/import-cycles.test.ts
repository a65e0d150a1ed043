import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { backwardImports, cycles, importGraph, mutualFolders, repoRoot } from './import-graph.ts';

// Core's layers, lowest first: a folder may import only from its own layer or lower ones (docs/adr/0008).
const CORE_LAYERS = [
  ['config', 'model', 'context', 'telemetry'],
  ['tools'],
  ['mcp', 'mcp-apps', 'rag'],
  ['memory'],
  ['agent'],
  ['ai-sdk', 'ag-ui', 'remote'],
];

// The widget's layers, lowest first (docs/adr/0009): the ground floor, what features build on, the
// features, the transcript that shows them, the agent that runs a send, the element that wires it all, and
// the framework wrappers around the element. `test/` (test helpers) is not a layer.
const WIDGET_LAYERS = [
  ['shared', 'i18n', 'transcript-model'],
  ['markdown', 'tools', 'display', 'webmcp'],
  ['answers', 'conversations', 'mcp', 'tool-view', 'ui-widget', 'voice', 'remote'],
  ['transcript', 'knowledge'],
  ['agent'],
  ['element'],
  ['frameworks'],
];

/** The folders of `packages/<pkg>/src` that hold source (not its test helpers). */
function foldersOf(pkg: string): string[] {
  return readdirSync(join(repoRoot, `packages/${pkg}/src`), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'test')
    .map((entry) => entry.name);
}

// The proxy's layers, lowest first (docs/adr/0010); the files at the top of src/ are the top layer.
const PROXY_LAYERS = [
  ['shared'],
  ['config'],
  ['usage'],
  ['http'],
  ['auth', 'mcp', 'transcripts', 'streams'],
  ['routes'],
  ['index.ts', 'worker.ts'],
];
// ADR 0010's one exception: the worker's env names the Durable Object classes its bindings hold.
const PROXY_EXCEPTION = 'config/proxy-env.ts';

/** Backward imports of a proxy-shaped `src` (repo-relative to the graph), outside the exception. */
function proxyBackArrows(graph: DependencyTree, src: string): string[] {
  return backwardImports(graph, src, PROXY_LAYERS)
    .map((arrow) => arrow.replaceAll(`${src}/`, ''))
    .filter((arrow) => !arrow.startsWith(`${PROXY_EXCEPTION} → `));
}

describe('import graph', () => {
  for (const pkg of ['core', 'widget', 'proxy']) {
    it(`packages/${pkg}/src has no import cycle`, async () => {
      expect(cycles(await importGraph(`packages/${pkg}/src`))).toEqual([]);
    });
  }

  it("every folder of core's and the widget's src/ has a layer", () => {
    expect(foldersOf('core').filter((folder) => !CORE_LAYERS.flat().includes(folder))).toEqual([]);
    expect(foldersOf('widget').filter((folder) => !WIDGET_LAYERS.flat().includes(folder))).toEqual([]);
  });

  it("core's folders import only from their own layer or lower ones", async () => {
    const graph = await importGraph('packages/core/src');
    expect(backwardImports(graph, 'packages/core/src', CORE_LAYERS)).toEqual([]);
  });

  it("the widget's folders import only from their own layer or lower ones, and no two import each other", async () => {
    const graph = await importGraph('packages/widget/src');
    expect(backwardImports(graph, 'packages/widget/src', WIDGET_LAYERS)).toEqual([]);
    expect(mutualFolders(graph, 'packages/widget/src')).toEqual([]);
  });

  it("the widget's rule fails on a feature importing the element, and on two folders importing each other", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'widget-layers-'));
    try {
      const files = {
        'tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "moduleResolution": "nodenext" } }',
        'shared/host.ts': 'export interface Host { lang: string }\n',
        'voice/voice.ts':
          "import type { Element } from '../element/element.js';\nexport const speak = (e: Element) => e.lang;\n",
        'answers/copy.ts': "import { tools } from '../mcp/hub.js';\nexport const copy = tools;\n",
        'mcp/hub.ts': "export const tools = 1;\nexport const late = () => import('../answers/copy.js');\n",
        'element/element.ts': "import type { Host } from '../shared/host.js';\nexport type Element = Host;\n",
      };
      for (const name of Object.keys(files)) await mkdir(join(dir, name, '..'), { recursive: true });
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      const graph = await importGraph('.', dir);
      expect(backwardImports(graph, '', WIDGET_LAYERS)).toEqual(['voice/voice.ts → element/element.ts']);
      expect(mutualFolders(graph, '')).toEqual(['answers ↔ mcp']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("every folder and file at the top of the proxy's src/ has a layer", () => {
    const entries = readdirSync(join(repoRoot, 'packages/proxy/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || !entry.name.endsWith('.test.ts'))
      .map((entry) => entry.name);
    expect(entries.filter((entry) => !PROXY_LAYERS.flat().includes(entry))).toEqual([]);
    // At most 12 entries at the top of src/ (issue 38): a reader sees the whole map at once.
    expect(readdirSync(join(repoRoot, 'packages/proxy/src')).length).toBeLessThanOrEqual(12);
  });

  it("the proxy's folders import only from their own layer or lower ones", async () => {
    const graph = await importGraph('packages/proxy/src');
    expect(proxyBackArrows(graph, 'packages/proxy/src')).toEqual([]);
    // The exception is for types only: the env's file imports nothing at run time.
    const env = readFileSync(join(repoRoot, 'packages/proxy/src', PROXY_EXCEPTION), 'utf8');
    expect(env.match(/^import (?!type ).*$/gm) ?? []).toEqual([]);
  });

  it('the proxy rule finds a backward import outside its exception', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'proxy-layers-'));
    try {
      const files = {
        'tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "moduleResolution": "nodenext" } }',
        'src/shared/http-error.ts': 'export class HttpError extends Error {}\n',
        'src/config/proxy-env.ts':
          "import type { Counter } from '../usage/counter.js';\nexport type Env = Counter;\n",
        'src/usage/counter.ts':
          "import { HttpError } from '../shared/http-error.js';\nexport class Counter extends HttpError {}\n",
        'src/usage/charge.ts':
          "import type { Context } from '../http/context.js';\nexport const charge = (c: Context) => c;\n",
        'src/http/context.ts':
          "import type { Counter } from '../usage/counter.js';\nexport interface Context { counter: Counter }\n",
        'src/routes/chat.ts': "import { charge } from '../usage/charge.js';\nexport const chat = charge;\n",
      };
      for (const [name, text] of Object.entries(files)) {
        await mkdir(join(dir, name, '..'), { recursive: true });
        await writeFile(join(dir, name), text);
      }
      const graph = await importGraph('src', dir);
      expect(proxyBackArrows(graph, 'src')).toEqual(['usage/charge.ts → http/context.ts']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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
