import { join, resolve } from 'node:path';
import { serveExample } from './lib/example-server.ts';
import { buildLocalModelBundle, noProviderNotice as notice } from './lib/local-model-bundle.ts';
import { startProxyDev } from './lib/proxy-dev.ts';
import { buildWidget } from './lib/widget-build.ts';

const root = resolve(import.meta.dirname, '..');
const PAGE_PORT = Number(process.env.DEMO_PORT ?? 5173);
const PROXY_PORT = Number(process.env.PROXY_PORT ?? 8787);
// Where the widget is built; a test of `npm run demo` passes a folder of its own, so it does not race the
// other tests that build packages/widget/dist.
const distDir = process.env.DEMO_DIST_DIR?.trim() || join(root, 'packages/widget/dist');

console.log('Building the <agent-chat> script-tag bundle…');
buildWidget(process.env.DEMO_DIST_DIR?.trim() ? distDir : undefined);

const apiKey = process.env.OPENAI_API_KEY?.trim();
const baseUrl = process.env.OPENAI_BASE_URL?.trim() || (apiKey ? 'https://api.openai.com/v1' : undefined);
const model = process.env.OPENAI_MODEL?.trim() || 'gpt-4o-mini';
const pageOrigin = `http://127.0.0.1:${PAGE_PORT}`;

if (!baseUrl) {
  console.log('No provider configured: building the local (WebGPU) model bundle…');
  await buildLocalModelBundle(distDir);
}

let stopProxy = async () => {};
let proxyUrl = '';
if (baseUrl) {
  console.log(`Starting the proxy under wrangler dev → ${baseUrl} (model ${model})…`);
  const proxy = await startProxyDev({
    upstreamBaseUrl: baseUrl,
    allowedOrigins: [pageOrigin, `http://localhost:${PAGE_PORT}`],
    ...(apiKey ? { upstreamApiKey: apiKey } : {}),
    port: PROXY_PORT,
    // Only the demo's model; every other safe default (rate limit, credits, max_tokens) stays on.
    vars: { MODELS: model },
    maxLifetimeMs: 24 * 3600_000,
  });
  proxyUrl = proxy.url;
  stopProxy = proxy.stop;
}

const page = await serveExample({
  port: PAGE_PORT,
  proxyUrl,
  model,
  distDir,
  ...(baseUrl ? {} : { notice }),
});
console.log(`\n  agent-chat demo: ${page.url}\n`);
if (!baseUrl)
  console.log(
    '  No provider configured: the page runs a local model with WebGPU (Chrome/Edge), or set OPENAI_API_KEY\n  (or OPENAI_BASE_URL) and run npm run demo again.\n',
  );

const shutdown = async () => {
  await page.close();
  await stopProxy();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
