// A fresh Vite SPA and the same app under webpack 5, on @agent-chat/core and @agent-chat/widget installed
// from their tarballs with npm, WITHOUT the optional engines (@mlc-ai/web-llm, @huggingface/transformers):
// both builds pass, the built apps chat, run a tool and query the worker index in Chromium, and the
// features whose engine is missing throw MissingDependencyError. A strict tsc checks the widget's types.
import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { isolatedPage } from '../e2e/isolated-page.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { type ConsumerProject, createConsumerProject, tarball } from './consumer-project.ts';
import { root } from './pack-packages.ts';
import { type StaticServer, serveStatic } from './static-server.ts';

let project: ConsumerProject;
let model: ScriptedModelServer;
let browser: Browser;
const servers: StaticServer[] = [];

beforeAll(async () => {
  const tarballs = inject('tarballs');
  project = await createConsumerProject(
    'consumer-spa',
    {
      type: 'module',
      dependencies: {
        '@agent-chat/core': tarball(tarballs.core),
        '@agent-chat/widget': tarball(tarballs.widget),
        zod: '4.6.7',
      },
    },
    { 'index.html': { from: join(import.meta.dirname, 'spa-app/index.html') } },
  );
  cpSync(join(import.meta.dirname, 'spa-app/src'), join(project.dir, 'src'), { recursive: true });
  cpSync(join(import.meta.dirname, 'spa-app/tsconfig.json'), join(project.dir, 'tsconfig.json'));
  model = await startScriptedModelServer();
  // SwiftShader's WebGPU adapter, so webLLM() gets past its GPU check to the missing package.
  browser = await launchChromium(['--enable-unsafe-webgpu']);
});

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.close();
  await model?.close();
  project?.remove();
});

/** Serves a built app, runs it in a fresh page and returns what it recorded. */
async function runApp(folder: string) {
  const server = await serveStatic(folder, { forward: model.baseURL });
  servers.push(server);
  model.enqueue({ toolCalls: [{ name: 'add', arguments: { a: 2, b: 40 } }] }, { text: '2 + 40 is 42.' });
  const page = await isolatedPage(browser);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(server.url);
  await page.waitForFunction(
    () => (window as { consumerResults?: { done?: boolean } }).consumerResults?.done,
    {
      timeout: 60_000,
    },
  );
  const results = await page.evaluate(
    () => (window as unknown as { consumerResults: unknown }).consumerResults,
  );
  await page.close();
  return { results: results as Record<string, Record<string, unknown> & unknown>, errors };
}

function expectWorkingApp({ results, errors }: Awaited<ReturnType<typeof runApp>>) {
  expect(results.error).toBeUndefined();
  expect(errors).toEqual([]);
  expect(results.chat).toEqual({
    answer: '2 + 40 is 42.',
    toolResults: [{ name: 'add', result: 42 }],
    storedMessages: 4,
  });
  expect(results.search).toMatchObject({ mode: 'hybrid', top: 'trains.md', vectorRank: 1 });
  expect(results.mcpTools).toBe(0);
  expect(results.webLLM).toMatchObject({
    thrown: true,
    typed: true,
    code: 'missing_dependency',
    packageName: '@mlc-ai/web-llm',
  });
  expect(results.webLLM?.message).toContain('npm i @mlc-ai/web-llm');
  expect(results.transformers).toMatchObject({
    thrown: true,
    typed: true,
    code: 'missing_dependency',
    packageName: '@huggingface/transformers',
  });
}

describe('a fresh Vite SPA on the installed packages', () => {
  it('builds without the optional engines installed and runs in Chromium', async () => {
    expect(existsSync(join(project.dir, 'node_modules/@mlc-ai/web-llm'))).toBe(false);
    expect(existsSync(join(project.dir, 'node_modules/@huggingface/transformers'))).toBe(false);
    await project.exec(process.execPath, [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
    ]);
    const assets = readdirSync(join(project.dir, 'dist/assets'));
    // Core's Web Workers were bundled from dist (the index worker and the two engine workers).
    expect(assets.filter((f) => /worker/i.test(f)).length).toBeGreaterThanOrEqual(3);
    expectWorkingApp(await runApp(join(project.dir, 'dist')));
  });
});

describe('the same app under webpack 5', () => {
  it('builds (a missing optional engine is a warning, not an error) and runs in Chromium', async () => {
    const out = join(project.dir, 'webpack-dist');
    writeFileSync(
      join(project.dir, 'webpack.mjs'),
      `import webpack from ${JSON.stringify(join(root, 'node_modules/webpack/lib/index.js'))};
// Minification off: this checks resolution and bundling, and terser on the tokenizer tables takes minutes.
webpack({ mode: 'production', context: process.cwd(), entry: './src/main.js', devtool: false,
  optimization: { minimize: false }, performance: { hints: false },
  output: { path: ${JSON.stringify(out)}, clean: true } }, (error, stats) => {
  if (error) { console.error(error); process.exit(1); }
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  console.log(JSON.stringify({ errors: errors.map((e) => e.message), warnings: warnings.map((w) => w.message) }));
  process.exit(stats.hasErrors() ? 1 : 0);
});
`,
    );
    const report = JSON.parse(await project.exec(process.execPath, ['webpack.mjs'])) as {
      errors: string[];
      warnings: string[];
    };
    expect(report.errors).toEqual([]);
    // The only warnings are the absent optional packages.
    for (const warning of report.warnings)
      expect(warning).toMatch(
        /Can't resolve '(@mlc-ai\/web-llm|@huggingface\/transformers|pdfjs-dist|pyodide|voy-search|@opentelemetry\/api)/,
      );
    writeFileSync(
      join(out, 'index.html'),
      '<!doctype html><p id="answer"></p><script src="./main.js"></script>',
    );
    expectWorkingApp(await runApp(out));
  });
});

describe('the widget typed API', () => {
  // skipLibCheck as most apps set it (checking every library's .d.ts took minutes under CI load); the
  // failing check below proves the element's types still resolve (an unresolved type would be any).
  it('passes tsc --noEmit --strict against the installed .d.ts', async () => {
    await project.exec(process.execPath, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.json',
    ]);
    // And the check is real: a wrong property type fails it.
    writeFileSync(
      join(project.dir, 'src/wrong.ts'),
      "document.querySelector('agent-chat')!.tools = 'not tools';\n",
    );
    writeFileSync(
      join(project.dir, 'tsconfig.wrong.json'),
      JSON.stringify({ extends: './tsconfig.json', include: ['src/widget-app.ts', 'src/wrong.ts'] }),
    );
    await expect(
      project.exec(process.execPath, [
        join(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        'tsconfig.wrong.json',
      ]),
    ).rejects.toThrow(/wrong\.ts.*not assignable to type 'readonly PageTool/);
  });
});

describe('server-side rendering', () => {
  it('imports @agent-chat/core and @agent-chat/widget in Node (no window, indexedDB or DOM) without throwing', async () => {
    writeFileSync(
      join(project.dir, 'ssr.mjs'),
      `const core = await import('@agent-chat/core');
const widget = await import('@agent-chat/widget');
console.log(JSON.stringify({ window: typeof window, indexedDB: typeof indexedDB, createAgent: typeof core.createAgent, element: typeof widget.AgentChatElement }));
`,
    );
    const output = await project.exec(process.execPath, ['ssr.mjs']);
    const line = output.split('\n').find((l) => l.startsWith('{"window"'));
    expect(JSON.parse(line ?? 'null')).toEqual({
      window: 'undefined',
      indexedDB: 'undefined',
      createAgent: 'function',
      element: 'function',
    });
  });
});
