// Runs in Chromium (bundled by index.ts): embeds the same texts with the tiny test model through
// agent-chat's transformersEmbedder (Web Worker) and through a transformers.js pipeline called directly
// on the page, on the WASM and the WebGPU (SwiftShader) backends.
import { transformersEmbedder } from '@agent-chat/core';
import { env, pipeline } from '@huggingface/transformers';

export interface EmbeddingResult {
  subject: 'agent-chat' | 'direct';
  device: 'wasm' | 'webgpu';
  firstMs: number;
  textsPerSecond: number;
  devicesUsed: string[];
}

const WORDS = ['the', 'train', 'harbour', 'night', 'refund', 'cache', 'search', 'model', 'vector', 'index'];
const wasmPaths = { mjs: `${location.origin}/ort/ort.mjs`, wasm: `${location.origin}/ort/ort.wasm` };

function texts(count: number): string[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % WORDS.length;
  };
  return Array.from({ length: count }, () => Array.from({ length: 24 }, () => WORDS[next()]).join(' '));
}

async function measure(embed: (batch: string[]) => Promise<unknown>, total: number, batch: number) {
  const all = texts(total);
  let start = performance.now();
  await embed(all.slice(0, 1));
  const firstMs = performance.now() - start;
  await embed(all.slice(0, batch)); // warm-up: let the WASM engine tier up before timing
  start = performance.now();
  for (let i = 0; i < total; i += batch) await embed(all.slice(i, i + batch));
  return { firstMs, textsPerSecond: total / ((performance.now() - start) / 1000) };
}

async function runEmbeddingBench(total: number, batch: number): Promise<EmbeddingResult[]> {
  const results: EmbeddingResult[] = [];
  for (const device of ['wasm', 'webgpu'] as const) {
    const embedder = transformersEmbedder({
      model: 'tiny-bert',
      dtype: 'fp32',
      device,
      localModelPath: '/models/',
      allowRemoteModels: false,
      wasmPaths,
      worker: () => new Worker('/embedding-worker.js', { type: 'module' }),
    });
    const ours = await measure((b) => embedder.embed(b), total, batch);
    results.push({ subject: 'agent-chat', device, ...ours, devicesUsed: [...embedder.devicesUsed] });
    await embedder.dispose?.();

    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = '/models/';
    (env.backends.onnx as { wasm: { wasmPaths: unknown } }).wasm.wasmPaths = wasmPaths;
    // Created on first use, like transformersEmbedder, so both first calls include loading the model.
    let extractor: Awaited<ReturnType<typeof pipeline<'feature-extraction'>>> | undefined;
    const direct = await measure(
      async (b) => {
        extractor ??= await pipeline('feature-extraction', 'tiny-bert', { dtype: 'fp32', device });
        return extractor(b, { pooling: 'mean', normalize: true });
      },
      total,
      batch,
    );
    results.push({ subject: 'direct', device, ...direct, devicesUsed: [device] });
    await extractor?.dispose();
  }
  return results;
}

(globalThis as unknown as { runEmbeddingBench: typeof runEmbeddingBench }).runEmbeddingBench =
  runEmbeddingBench;
