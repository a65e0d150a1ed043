import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '../..');

/**
 * Builds what the demo needs to run a model in the browser: `agent-chat-local.js` (createAgent + webLLM),
 * `agent-chat-web-llm.worker.js` (the worker that hosts web-llm) and their shared chunks (web-llm, 6 MB),
 * into `outdir` (the widget's dist, which the example server serves under /agent-chat*).
 */
export async function buildLocalModelBundle(
  outdir: string,
  options: {
    /** Worker entry (repository-relative); tests put a fake engine there. Default the worker the core ships. */
    workerEntry?: string;
  } = {},
): Promise<void> {
  await build({
    entryPoints: {
      'agent-chat-local': join(root, 'scripts/lib/local-model-entry.ts'),
      'agent-chat-web-llm.worker': join(
        root,
        options.workerEntry ?? 'packages/core/src/model/web-llm/web-llm.worker.ts',
      ),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    chunkNames: 'agent-chat-chunk-[hash]',
    conditions: ['@agent-chat/source'],
    // Core's python tool loads pyodide (Node built-ins inside) only when used; this page never uses it.
    external: ['pyodide'],
    logLevel: 'warning',
  });
}

const keyHelp = `<ul>
        <li>OpenAI: <code>OPENAI_API_KEY=sk-… npm run demo</code> (optionally <code>OPENAI_MODEL=gpt-4o-mini</code>)</li>
        <li>Any OpenAI-compatible endpoint (Ollama, llama.cpp server, vLLM, OpenRouter):
          <code>OPENAI_BASE_URL=http://127.0.0.1:11434/v1 OPENAI_MODEL=llama3.2 npm run demo</code> (add <code>OPENAI_API_KEY</code> if it needs one)</li>
      </ul>
      The key stays in the proxy (wrangler dev); the page never sees it.`;
/**
 * The demo page's top notice when no provider is configured: examples/script-tag/local-model.js runs a model
 * on the user's GPU when the browser has WebGPU (progress in #local-model-status), else says why it cannot.
 */
export const noProviderNotice = `<div role="note" style="border:2px solid #c60;padding:1rem;border-radius:8px;background:#fff4e5">
      <p id="local-model-status" aria-live="polite" data-help="Stop the demo (Ctrl+C) and start it again with a provider (below).">No provider key is configured.</p>
      To use a remote model, stop the demo (Ctrl+C) and start it again with a provider:
      ${keyHelp}
    </div>
    <script type="module" src="./local-model.js"></script>`;
