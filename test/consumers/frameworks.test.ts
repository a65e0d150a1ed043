// <agent-chat> in framework apps, from the packed tarballs in fresh npm projects outside the workspace
// (framework-apps/ holds their sources): React 19 + TypeScript strict (JSX typed by @agent-chat/widget/react),
// React 18 with the AgentChat wrapper, Vue 3 + vue-tsc, Svelte 5 + svelte-check, each built with Vite; the
// React apps chat in Chromium through the proxy under wrangler dev to the scripted model; a server render.
// One project holds React 19, Vue and Svelte (one install); React 18 needs a project of its own.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { composerReady } from '../e2e/composer-ready.ts';
import { isolatedPage } from '../e2e/isolated-page.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { type ConsumerProject, createConsumerProject, tarball } from './consumer-project.ts';
import { chatIn, renderIn } from './framework-pages.ts';
import { type StaticServer, serveStatic } from './static-server.ts';

const apps = join(import.meta.dirname, 'framework-apps');
const TYPESCRIPT = '5.9.3';
const VITE = '8.3.8';
const LONG = 300_000;

let modern: ConsumerProject;
let react18: ConsumerProject;
let model: ScriptedModelServer;
let proxy: ProxyDev;
let browser: Browser;
let page19: StaticServer;
let page18: StaticServer;

beforeAll(async () => {
  const tarballs = inject('tarballs');
  const ours = { '@agent-chat/core': tarball(tarballs.core), '@agent-chat/widget': tarball(tarballs.widget) };
  const tools = { typescript: TYPESCRIPT, vite: VITE };
  modern = await createConsumerProject(
    'consumer-frameworks',
    {
      type: 'module',
      dependencies: {
        ...ours,
        ...tools,
        react: '19.3.1',
        'react-dom': '19.3.1',
        '@types/react': '19.3.0',
        '@types/react-dom': '19.3.0',
        vue: '3.5.45',
        'vue-tsc': '3.3.14',
        '@vitejs/plugin-vue': '6.0.11',
        svelte: '5.57.3',
        'svelte-check': '4.7.8',
        '@sveltejs/vite-plugin-svelte': '7.3.1',
      },
    },
    {
      react19: { from: join(apps, 'react19') },
      vue: { from: join(apps, 'vue') },
      svelte: { from: join(apps, 'svelte') },
    },
  );
  react18 = await createConsumerProject(
    'consumer-react18',
    {
      type: 'module',
      dependencies: {
        ...ours,
        ...tools,
        react: '18.3.1',
        'react-dom': '18.3.1',
        '@types/react': '18.3.31',
        '@types/react-dom': '18.3.7',
      },
    },
    { react18: { from: join(apps, 'react18') } },
  );
  model = await startScriptedModelServer();
  page19 = await serveStatic(join(modern.dir, 'react19/dist'));
  page18 = await serveStatic(join(react18.dir, 'react18/dist'));
  proxy = await startProxyDev({
    upstreamBaseUrl: model.baseURL,
    allowedOrigins: [page19.url, page18.url],
    vars: { MODELS: 'scripted-model' },
  });
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await page19?.close();
  await page18?.close();
  await model?.close();
  modern?.remove();
  react18?.remove();
});

const writeJson = (project: ConsumerProject, path: string, value: unknown) =>
  writeFileSync(join(project.dir, path), JSON.stringify(value));
const bin = (project: ConsumerProject, path: string) => join(project.dir, 'node_modules', path);
const tsc = (project: ConsumerProject, config: string) =>
  project.exec(process.execPath, [bin(project, 'typescript/bin/tsc'), '-p', config]);
const viteBuild = (project: ConsumerProject, app: string, ...args: string[]) =>
  project.exec(process.execPath, [
    bin(project, 'vite/bin/vite.js'),
    'build',
    '--config',
    `${app}/vite.config.js`,
    ...args,
  ]);

describe('React 19 + TypeScript strict, <agent-chat> in JSX', () => {
  it(
    "type-checks with @agent-chat/widget/react, and each wrong value is rejected (a tool view's misspelled prop too)",
    async () => {
      // Each `@ts-expect-error` in chat.tsx must meet its error: tsc fails on an unused directive.
      await tsc(modern, 'react19/tsconfig.json');
      // Without the typings the tag itself is the error a new user first met.
      await modern.exec('sed', ['-i', '/widget\\/react/d', 'react19/chat.tsx']);
      writeJson(modern, 'react19/tsconfig.bare.json', { extends: './tsconfig.json', include: ['chat.tsx'] });
      try {
        await expect(tsc(modern, 'react19/tsconfig.bare.json')).rejects.toThrow(
          /Property 'agent-chat' does not exist on type 'JSX.IntrinsicElements'/,
        );
      } finally {
        await modern.exec('cp', [join(apps, 'react19/chat.tsx'), 'react19/chat.tsx']);
      }
    },
    LONG,
  );

  it(
    'builds with Vite and chats in Chromium through the proxy; the typed event handler gets the answer',
    async () => {
      await viteBuild(modern, 'react19');
      model.enqueue({ text: 'Hello from the scripted model, in React 19.' });
      const { results, errors, warnings, theme } = await chatIn(
        browser,
        page19,
        proxy.url,
        (r) => (r.answers?.length ?? 0) > 0,
      );
      expect(results.answers).toEqual([
        {
          role: 'assistant',
          text: 'Hello from the scripted model, in React 19.',
          conversationId: expect.any(String),
        },
      ]);
      expect(String(results.react)).toMatch(/^19\./);
      // React 19 set `theme` as a property (Lit reflects it back to the attribute).
      expect(theme).toBe('light');
      expect(model.requests.at(-1)?.body).toMatchObject({ model: 'scripted-model', stream: true });
      expect(errors).toEqual([]);
      expect(warnings.filter((w) => w.includes('agent-chat'))).toEqual([]);
    },
    LONG,
  );

  it(
    "draws a tool's calls with a React component view (reactToolView); its button acts: the model receives the message",
    async () => {
      model.enqueue(
        { toolCalls: [{ name: 'search_products', arguments: { query: 'green' } }] },
        { text: 'Two green teas.' },
        { text: 'Sencha is a steamed green tea.' },
      );
      const tab = await isolatedPage(browser);
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(String(error)));
      await tab.goto(`${page19.url}/?proxy=${encodeURIComponent(proxy.url)}`);
      const input = tab.locator('agent-chat textarea');
      await composerReady(tab);
      await input.fill('Show me green teas');
      await input.press('Enter');
      const answer = () => tab.locator('agent-chat [part~="message-assistant"]').last().textContent();
      await expect.poll(answer, { timeout: 60_000 }).toContain('Two green teas.');
      const view = tab.locator('agent-chat .tea-view');
      await expect.poll(() => view.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
      expect(await view.locator('p').textContent()).toBe('Teas for green');
      await view.locator('button').first().click();
      await expect.poll(answer, { timeout: 60_000 }).toContain('steamed green tea');
      const sent = model.requests.at(-1)?.body as { messages: Array<{ content: string | null }> };
      expect(sent.messages.at(-1)?.content).toContain('Tell me about Sencha.');
      expect(errors).toEqual([]);
      await tab.close();
    },
    LONG,
  );

  it('warns in the console about a misspelled attribute, naming the one meant (what JSX types cannot catch)', async () => {
    const tab = await isolatedPage(browser);
    const warnings: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await tab.goto(`${page19.url}/?proxy=${encodeURIComponent(proxy.url)}`);
    await tab.locator('agent-chat textarea').waitFor();
    await tab.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        '<agent-chat proxy-ulr="https://proxy.example"></agent-chat>',
      ),
    );
    await expect
      .poll(() => warnings)
      .toContain('<agent-chat>: unknown attribute "proxy-ulr" is ignored; did you mean "proxy-url"?');
    await tab.close();
  });

  it(
    'renders on the server (react-dom/server renderToString) without defining the element there',
    async () => {
      await viteBuild(modern, 'react19', '--ssr', 'ssr.tsx', '--outDir', 'dist-ssr');
      const output = await modern.exec(process.execPath, ['react19/dist-ssr/ssr.js']);
      const line = output.split('\n').find((l) => l.startsWith('{"window"'));
      const rendered = JSON.parse(line ?? 'null') as Record<string, unknown>;
      expect(rendered).toMatchObject({ window: 'undefined', definedByReactEntry: false });
      expect(rendered.wrapper).toMatch(/^<agent-chat\b[^>]*><\/agent-chat>$/);
      expect(rendered.jsx).toMatch(/^<agent-chat proxy-url="https:\/\/proxy.example" model="scripted-model"/);
    },
    LONG,
  );
});

describe('React 18 with the AgentChat wrapper', () => {
  it(
    'type-checks, builds, and chats with the page tool passed as the `tools` property',
    async () => {
      await tsc(react18, 'react18/tsconfig.json');
      await viteBuild(react18, 'react18');
      model.enqueue({ toolCalls: [{ name: 'add', arguments: { a: 2, b: 40 } }] }, { text: '2 + 40 is 42.' });
      const { results, errors } = await chatIn(browser, page18, proxy.url, (r) => (r.runs?.length ?? 0) > 0);
      expect(String(results.react)).toMatch(/^18\./);
      expect(results.added).toEqual([42]);
      expect(results.answers).toEqual([
        { role: 'assistant', text: '2 + 40 is 42.', conversationId: expect.any(String) },
      ]);
      expect(results.runs).toEqual(['completed']);
      // The model was offered the page's tool.
      const offered = (model.requests.at(-2)?.body.tools ?? []) as Array<{ function: { name: string } }>;
      expect(offered.map((t) => t.function.name)).toContain('add');
      expect(errors).toEqual([]);
    },
    LONG,
  );
});

describe('Vue 3 and Svelte 5', () => {
  it(
    'vue-tsc passes on a component with an event handler, rejects wrong values; the app builds and runs',
    async () => {
      await modern.exec(process.execPath, [bin(modern, 'vue-tsc/bin/vue-tsc.js'), '-p', 'vue/tsconfig.json']);
      writeJson(modern, 'vue/tsconfig.wrong.json', {
        extends: './tsconfig.json',
        include: ['env.d.ts', 'Wrong.vue'],
      });
      const wrong = await modern
        .exec(process.execPath, [bin(modern, 'vue-tsc/bin/vue-tsc.js'), '-p', 'vue/tsconfig.wrong.json'])
        .then(() => '', String);
      expect(wrong).toMatch(/Wrong\.vue.*'"purple"' is not assignable/);
      expect(wrong).toMatch(/Wrong\.vue.*not assignable to type 'boolean/);
      expect(wrong).toMatch(/Wrong\.vue.*AgentChatRunFinishDetail/);
      await viteBuild(modern, 'vue');
      expect(await renderIn(browser, join(modern.dir, 'vue/dist'))).toEqual({
        tools: ['now'],
        theme: 'dark',
        errors: [],
      });
    },
    LONG,
  );

  it(
    'svelte-check passes on a component with an event handler, rejects wrong values; the app builds and runs',
    async () => {
      const check = (tsconfig: string) =>
        modern.exec(process.execPath, [
          bin(modern, 'svelte-check/bin/svelte-check'),
          '--workspace',
          'svelte',
          '--tsconfig',
          tsconfig,
          '--output',
          'machine',
        ]);
      await check('./tsconfig.json');
      writeJson(modern, 'svelte/tsconfig.wrong.json', {
        extends: './tsconfig.json',
        include: ['app.d.ts', 'Wrong.svelte'],
      });
      const wrong = await check('./tsconfig.wrong.json').then(() => '', String);
      expect(wrong).toMatch(/Wrong\.svelte.*purple/);
      expect(wrong).toMatch(/Wrong\.svelte.*answer/);
      await viteBuild(modern, 'svelte');
      expect(await renderIn(browser, join(modern.dir, 'svelte/dist'))).toEqual({
        tools: ['now'],
        theme: 'dark',
        errors: [],
      });
    },
    LONG,
  );
});
