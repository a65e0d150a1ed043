import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { bundleForPage } from '../../scripts/lib/page-bundle-server.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { peerSubject } from '../lib/installed-version.ts';
import type { EmbeddingResult } from './page.ts';

const here = import.meta.dirname;
const ORIGIN = 'http://bench.localhost';
const TOTAL = 512;
const BATCH = 32;

/** Every file under `dir`, keyed by its path relative to `dir`. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full));
    }
  };
  walk(dir);
  return out;
}

export const benchmark: Benchmark = {
  description:
    `Embedding plumbing in Chromium with the tiny BERT-shaped test model (packages/core/scripts/make-tiny-bert.py): ${TOTAL} texts ` +
    `of 24 words in batches of ${BATCH}, texts/s and first-call ms (model load included), on WASM and on WebGPU (SwiftShader, a CPU ` +
    'emulation). agent-chat = transformersEmbedder in its Web Worker; peer = a transformers.js pipeline called directly on the page. ' +
    'The model is ~6 KB, so these numbers measure overhead (worker messaging, tokenizing, ONNX Runtime dispatch), not a real ' +
    "model's speed: real-model figures need a real model (all-MiniLM-L6-v2 cannot be downloaded here).",
  method:
    'One headless Chromium page per device (WASM; WebGPU through SwiftShader), the same 512 texts and batches for both ' +
    'subjects, timed in the page. First call: cold, from the first embed request to its result, model load included. ' +
    'Throughput: after one warm-up batch, all batches timed together. Subjects one after the other, not interleaved. ' +
    'Peer: the installed @huggingface/transformers version, whose ONNX Runtime both subjects use.',
  async run(context) {
    const core = join(context.root, 'packages', 'core');
    const require = createRequire(join(core, 'package.json'));
    const ortDir = join(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm'), '..');
    const served = new Map<string, { body: string | Buffer; type: string }>([
      ['/page.js', { body: await bundleForPage(join(here, 'page.ts')), type: 'text/javascript' }],
      [
        '/embedding-worker.js',
        {
          body: await bundleForPage(join(core, 'src/rag/transformers/embedding-worker.ts')),
          type: 'text/javascript',
        },
      ],
      [
        '/ort/ort.mjs',
        { body: readFileSync(join(ortDir, 'ort-wasm-simd-threaded.asyncify.mjs')), type: 'text/javascript' },
      ],
      [
        '/ort/ort.wasm',
        {
          body: readFileSync(join(ortDir, 'ort-wasm-simd-threaded.asyncify.wasm')),
          type: 'application/wasm',
        },
      ],
      ['/', { body: '<!doctype html><script type="module" src="/page.js"></script>', type: 'text/html' }],
    ]);
    for (const [path, body] of files(join(core, 'src/rag/fixtures/tiny-bert')))
      served.set(`/models/tiny-bert/${path}`, {
        body,
        type: path.endsWith('.json') ? 'application/json' : 'application/octet-stream',
      });

    const browser = await launchChromium(['--enable-unsafe-webgpu']);
    let results: EmbeddingResult[];
    try {
      const page = await browser.newPage();
      await page.route(`${ORIGIN}/**`, (route) => {
        const file = served.get(new URL(route.request().url()).pathname);
        return file
          ? route.fulfill({ body: file.body, contentType: file.type })
          : route.fulfill({ status: 404, body: '' });
      });
      await page.goto(`${ORIGIN}/`);
      await page.waitForFunction(() => 'runEmbeddingBench' in globalThis);
      results = await page.evaluate(
        ([total, batch]) =>
          (
            globalThis as unknown as { runEmbeddingBench(t: number, b: number): Promise<EmbeddingResult[]> }
          ).runEmbeddingBench(total!, batch!),
        [TOTAL, BATCH],
      );
    } finally {
      await browser.close();
    }
    const peer = `${peerSubject(here, '@huggingface/transformers')} (direct pipeline, page thread)`;
    const rows: Measurement[] = [];
    for (const r of results) {
      const subject = r.subject === 'agent-chat' ? AGENT_CHAT : peer;
      context.log(
        `${subject} ${r.device}: ${r.textsPerSecond.toFixed(0)} texts/s, first call ${r.firstMs.toFixed(0)} ms, ran on ${r.devicesUsed.join('+')}`,
      );
      if (r.subject === 'agent-chat' && !r.devicesUsed.includes(r.device))
        context.fail(`transformersEmbedder asked for ${r.device} ran on ${r.devicesUsed.join('+')}`);
      rows.push(
        {
          subject,
          metric: `tiny_model_texts_per_s_${r.device}`,
          value: Math.round(r.textsPerSecond),
          unit: 'texts/s',
        },
        {
          subject,
          metric: `tiny_model_first_embed_ms_${r.device}`,
          value: Math.round(r.firstMs),
          unit: 'ms',
        },
      );
    }
    return rows;
  },
};
