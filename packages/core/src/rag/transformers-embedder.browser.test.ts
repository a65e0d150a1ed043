// @ts-expect-error -- Vite's ?url import: onnxruntime-web's files served locally (no CDN offline)
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
// @ts-expect-error -- as above
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { describe, expect, it } from 'vitest';
import type { EmbedderProgress } from './embedder.js';
import { transformersEmbedder } from './transformers-embedder.js';

// Vite serves files by absolute path under /@fs/; a variable keeps Vite from rewriting the URL. It must
// be a path, not a full URL: transformers.js only looks up local files by path.
const here = import.meta.url;
const localModelPath = `/@fs${new URL('./fixtures/', here).pathname}`;
const wasmPaths = {
  mjs: new URL(ortMjs as string, location.href).href,
  wasm: new URL(ortWasm as string, location.href).href,
};
const tiny = (device: 'wasm' | 'webgpu' | 'auto') =>
  transformersEmbedder({
    model: 'tiny-bert',
    dtype: 'fp32',
    device,
    localModelPath,
    allowRemoteModels: false,
    wasmPaths,
    bulkThreshold: 4,
  });

describe('transformersEmbedder in Chromium (Web Worker)', () => {
  it('embeds in its worker with the WASM backend and reports progress', async () => {
    const embedder = tiny('wasm');
    const progress: EmbedderProgress[] = [];
    embedder.onProgress!((p) => progress.push(p));
    const [a, b] = await embedder.embed(['the night train', 'harbour refund']);
    expect(a).toHaveLength(16);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect(Array.from(a!)).not.toEqual(Array.from(b!));
    expect(progress.at(-1)).toMatchObject({ phase: 'ready', fraction: 1 });
    expect(embedder.devicesUsed).toEqual(new Set(['wasm']));
    await embedder.dispose!();
  }, 60_000);

  it('uses WebGPU (SwiftShader here) for bulk batches in auto mode, WASM for queries, with matching vectors', async () => {
    const embedder = tiny('auto');
    const texts = ['the night train', 'harbour refund', 'vector index', 'search model'];
    const bulk = await embedder.embed(texts, { kind: 'document' });
    const [query] = await embedder.embed([texts[0]!], { kind: 'query' });
    expect(embedder.devicesUsed).toEqual(new Set(['webgpu', 'wasm']));
    for (let i = 0; i < 16; i++) expect(bulk[0]![i]).toBeCloseTo(query![i]!, 4);
    await embedder.dispose!();
  }, 60_000);
});
