// @agent-chat/proxy in a fresh Worker project of the user's (installed from its tarball with npm, its own
// worker calling createProxy()): `wrangler deploy --dry-run` bundles it and `wrangler dev` serves it. The
// widget's packed dist, copied into a plain folder with a page holding only the module script tag and the
// element, chats through that Worker in Chromium.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { freePort, type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { composerReady } from '../e2e/composer-ready.ts';
import { isolatedPage } from '../e2e/isolated-page.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { type ConsumerProject, createConsumerProject, tarball } from './consumer-project.ts';
import { root } from './pack-packages.ts';
import { type StaticServer, serveStatic } from './static-server.ts';
import { unpack } from './unpack.ts';

const WORKER = `import { createProxy } from '@agent-chat/proxy';

// The rate-limit and credit Durable Object (bound as USAGE in wrangler.jsonc) and the store of resumable
// answers (STREAMS).
export { StreamStore, UsageCounter } from '@agent-chat/proxy/worker';

const proxy = createProxy();

export default {
  fetch(request, env, ctx) {
    return proxy(request, env, ctx);
  },
};
`;

const compatibilityDate = /"compatibility_date":\s*"([^"]+)"/.exec(
  readFileSync(join(root, 'packages/proxy/wrangler.jsonc'), 'utf8'),
)?.[1];

const WRANGLER_CONFIG = JSON.stringify(
  {
    name: 'my-chat-proxy',
    main: 'src/worker.js',
    compatibility_date: compatibilityDate,
    vars: { ALLOWED_ORIGINS: 'https://example.com', UPSTREAM_BASE_URL: 'https://api.openai.com/v1' },
    durable_objects: {
      bindings: [
        { name: 'USAGE', class_name: 'UsageCounter' },
        { name: 'STREAMS', class_name: 'StreamStore' },
      ],
    },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['UsageCounter', 'StreamStore'] }],
  },
  null,
  2,
);

const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');
const offline = { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' };
let project: ConsumerProject;
let model: ScriptedModelServer;
let proxy: ProxyDev | undefined;
let page: StaticServer | undefined;
let browser: Browser | undefined;
let site: string;

beforeAll(async () => {
  project = await createConsumerProject(
    'consumer-worker',
    { type: 'module', dependencies: { '@agent-chat/proxy': tarball(inject('tarballs').proxy) } },
    { 'src/worker.js': WORKER, 'wrangler.jsonc': WRANGLER_CONFIG },
  );
  model = await startScriptedModelServer();
  // The plain folder: the widget's dist from its tarball, and one page.
  const widget = unpack(inject('tarballs').widget);
  site = mkdtempSync(join(tmpdir(), 'agent-chat-static-site-'));
  cpSync(join(widget, 'dist'), site, { recursive: true });
  rmSync(dirname(widget), { recursive: true, force: true });
});

afterAll(async () => {
  await browser?.close();
  await page?.close();
  await proxy?.stop();
  await model?.close();
  project?.remove();
  if (site) rmSync(site, { recursive: true, force: true });
});

describe('a fresh Worker project on @agent-chat/proxy', () => {
  it('bundles with wrangler deploy --dry-run', async () => {
    const output = await project.exec(
      process.execPath,
      [wrangler, 'deploy', '--dry-run', '--outdir', 'out'],
      offline,
    );
    expect(output).toMatch(/--dry-run: exiting now/);
    const bundle = readFileSync(join(project.dir, 'out/worker.js'), 'utf8');
    // The proxy's code came from the installed package, not from the workspace.
    expect(bundle).toContain('node_modules/@agent-chat/proxy/dist/routes/create-proxy.js');
    expect(bundle).toMatch(/export \{[^}]*\bUsageCounter\b/);
    expect(bundle).toMatch(/export \{[^}]*\bStreamStore\b/);
  });

  it('answers /health under wrangler dev, and a chat from a plain page with only the script tag goes through it', async () => {
    const proxyPort = await freePort();
    page = await serveStatic(site);
    writeFileSync(
      join(site, 'index.html'),
      `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><script type="module" src="./agent-chat.js"></script></head>
  <body><agent-chat proxy-url="http://127.0.0.1:${proxyPort}" model="scripted-model"></agent-chat></body>
</html>
`,
    );
    expect(existsSync(join(site, 'agent-chat.js'))).toBe(true);
    proxy = await startProxyDev({
      config: join(project.dir, 'wrangler.jsonc'),
      port: proxyPort,
      upstreamBaseUrl: model.baseURL,
      allowedOrigins: [page.url],
      vars: { MODELS: 'scripted-model' },
    });
    const health = await fetch(`${proxy.url}/health`);
    expect(health.status).toBe(200);

    model.enqueue({ text: 'Hello from the scripted model, through your Worker.' });
    browser = await launchChromium();
    const tab = await isolatedPage(browser);
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(String(error)));
    await tab.goto(`${page.url}/`);
    const input = tab.locator('agent-chat textarea');
    await composerReady(tab);
    await input.fill('Hello?');
    await input.press('Enter');
    const answer = tab.locator('agent-chat [part~="message-assistant"]').last();
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('through your Worker');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.body).toMatchObject({ model: 'scripted-model', stream: true });
    expect(errors).toEqual([]);
  });
});
