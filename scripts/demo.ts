// `pnpm demo`: builds the widget's script-tag bundle, starts the proxy under wrangler dev (workerd,
// offline) and serves examples/script-tag. The provider comes from the environment:
//   OPENAI_API_KEY (+ optional OPENAI_BASE_URL, OPENAI_MODEL) — OpenAI or any compatible endpoint
//   OPENAI_BASE_URL alone — a local Ollama / llama.cpp server / vLLM that needs no key
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { serveExample } from './lib/example-server.ts';
import { startProxyDev } from './lib/proxy-dev.ts';

const root = resolve(import.meta.dirname, '..');
const PAGE_PORT = Number(process.env.DEMO_PORT ?? 5173);
const PROXY_PORT = Number(process.env.PROXY_PORT ?? 8787);

console.log('Building the <agent-chat> script-tag bundle…');
execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: join(root, 'packages/widget'),
  stdio: 'inherit',
});

const apiKey = process.env.OPENAI_API_KEY?.trim();
const baseUrl = process.env.OPENAI_BASE_URL?.trim() || (apiKey ? 'https://api.openai.com/v1' : undefined);
const model = process.env.OPENAI_MODEL?.trim() || 'gpt-4o-mini';
const pageOrigin = `http://127.0.0.1:${PAGE_PORT}`;

const notice = `<div role="note" style="border:2px solid #c60;padding:1rem;border-radius:8px;background:#fff4e5">
      <strong>No model is configured.</strong> Stop the demo (Ctrl+C) and start it again with a provider:
      <ul>
        <li>OpenAI: <code>OPENAI_API_KEY=sk-… pnpm demo</code> (optionally <code>OPENAI_MODEL=gpt-4o-mini</code>)</li>
        <li>Any OpenAI-compatible endpoint (Ollama, llama.cpp server, vLLM, OpenRouter):
          <code>OPENAI_BASE_URL=http://127.0.0.1:11434/v1 OPENAI_MODEL=llama3.2 pnpm demo</code> (add <code>OPENAI_API_KEY</code> if it needs one)</li>
      </ul>
      The key stays in the proxy (wrangler dev); the page never sees it.
    </div>`;

let stopProxy = async () => {};
let proxyUrl = '';
if (baseUrl) {
  console.log(`Starting the proxy under wrangler dev → ${baseUrl} (model ${model})…`);
  const proxy = await startProxyDev({
    upstreamBaseUrl: baseUrl,
    allowedOrigins: [pageOrigin, `http://localhost:${PAGE_PORT}`],
    ...(apiKey ? { upstreamApiKey: apiKey } : {}),
    port: PROXY_PORT,
    maxLifetimeMs: 24 * 3600_000,
  });
  proxyUrl = proxy.url;
  stopProxy = proxy.stop;
}

const page = await serveExample({ port: PAGE_PORT, proxyUrl, model, ...(baseUrl ? {} : { notice }) });
console.log(`\n  agent-chat demo: ${page.url}\n`);
if (!baseUrl)
  console.log('  No provider configured: set OPENAI_API_KEY (or OPENAI_BASE_URL) and run pnpm demo again.\n');

const shutdown = async () => {
  await page.close();
  await stopProxy();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
