import { MissingDependencyError } from '../missing-dependency-error.js';
import type { Embedder, EmbedderProgress } from './embedder.js';
import { EmbeddingError } from './rag-errors.js';
import { type EmbeddingConfig, embeddingSession } from './transformers/embedding-session.js';
import { type EmbeddingBackend, workerBackend } from './transformers/worker-backend.js';

/** Options of {@link transformersEmbedder}. */
export interface TransformersEmbedderOptions {
  /** Hugging Face model id with ONNX weights; default `Xenova/all-MiniLM-L6-v2` (384 dimensions). */
  model?: string;
  /** Weight precision; default `q8` (quantized: ~23 MB for MiniLM). */
  dtype?: EmbeddingConfig['dtype'];
  /**
   * `auto` (default): WebGPU for bulk ingestion (document batches of `bulkThreshold` or more) when
   * the browser has an adapter, WASM for queries and small batches. `wasm` or `webgpu` force one.
   */
  device?: 'auto' | 'wasm' | 'webgpu';
  bulkThreshold?: number;
  /**
   * Serve models yourself (offline, intranet): `{localModelPath}/{model}/…`. In browsers give a path
   * on the page's origin such as `/models/` — transformers.js looks up local files by path, not full URL.
   */
  localModelPath?: string;
  /** Set false to never download from the Hub (only `localModelPath`); default true. */
  allowRemoteModels?: boolean;
  /** Where onnxruntime-web's wasm files are served; default a CDN (needs network). */
  wasmPaths?: EmbeddingConfig['wasmPaths'];
  queryPrefix?: string;
  documentPrefix?: string;
  /**
   * Run the model in a Web Worker: `true` (default where workers exist) uses the bundled worker,
   * a function supplies your own (e.g. from your bundler's worker import); `false` runs in-thread.
   */
  worker?: boolean | (() => Worker);
}

async function hasWebGPU(): Promise<boolean> {
  const gpu = (globalThis.navigator as { gpu?: { requestAdapter(): Promise<unknown> } } | undefined)?.gpu;
  if (!gpu) return false;
  try {
    return (await gpu.requestAdapter()) !== null;
  } catch {
    return false;
  }
}

/**
 * The default {@link Embedder}: transformers.js feature extraction (mean pooling, normalized), in a
 * Web Worker, loading the model on first use and reporting `model.loading` progress.
 *
 * @example
 * const embedder = transformersEmbedder({ localModelPath: '/models/', allowRemoteModels: false });
 */
export function transformersEmbedder(
  options: TransformersEmbedderOptions = {},
): Embedder & { readonly devicesUsed: Set<string> } {
  const model = options.model ?? 'Xenova/all-MiniLM-L6-v2';
  const dtype = options.dtype ?? 'q8';
  const device = options.device ?? 'auto';
  const bulkThreshold = options.bulkThreshold ?? 16;
  const listeners = new Set<(progress: EmbedderProgress) => void>();
  const emit = (progress: EmbedderProgress) => {
    for (const listener of listeners) listener(progress);
  };
  const backends = new Map<'wasm' | 'webgpu', EmbeddingBackend>();
  const devicesUsed = new Set<string>();
  let webgpu: Promise<boolean> | undefined;

  function backend(on: 'wasm' | 'webgpu'): EmbeddingBackend {
    let existing = backends.get(on);
    if (existing) return existing;
    existing = createBackend(options, { model, dtype, on }, emit);
    backends.set(on, existing);
    return existing;
  }

  async function pick(count: number, kind: 'query' | 'document'): Promise<'wasm' | 'webgpu'> {
    if (device !== 'auto') return device;
    if (kind === 'query' || count < bulkThreshold) return 'wasm';
    webgpu ??= hasWebGPU();
    return (await webgpu) ? 'webgpu' : 'wasm';
  }

  return {
    model: `${model}@${dtype}`,
    devicesUsed,
    async embed(texts, { kind = 'document', signal } = {}) {
      if (texts.length === 0) return [];
      signal?.throwIfAborted();
      let on = await pick(texts.length, kind);
      let result: { data: Float32Array; dimensions: number };
      try {
        result = await backend(on).embed(texts, kind);
      } catch (error) {
        if (on === 'webgpu' && device === 'auto') {
          // A WebGPU failure (driver, memory) should cost speed, not the feature.
          webgpu = Promise.resolve(false);
          on = 'wasm';
          result = await backend(on)
            .embed(texts, kind)
            .catch((e: unknown) => Promise.reject(wrap(model, e)));
        } else throw wrap(model, error);
      }
      signal?.throwIfAborted();
      devicesUsed.add(on);
      const { data, dimensions } = result;
      return texts.map((_, i) => data.slice(i * dimensions, (i + 1) * dimensions));
    },
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      for (const b of backends.values()) b.dispose();
      backends.clear();
    },
  };
}

/** An embedding backend on one device: in the (given or bundled) worker, or in-thread without workers. */
function createBackend(
  options: TransformersEmbedderOptions,
  { model, dtype, on }: { model: string; dtype: EmbeddingConfig['dtype']; on: 'wasm' | 'webgpu' },
  emit: (progress: EmbedderProgress) => void,
): EmbeddingBackend {
  const config: EmbeddingConfig = {
    model,
    dtype,
    device: on,
    allowRemoteModels: options.allowRemoteModels ?? true,
    queryPrefix: options.queryPrefix ?? '',
    documentPrefix: options.documentPrefix ?? '',
    ...(options.localModelPath ? { localModelPath: options.localModelPath } : {}),
    ...(options.wasmPaths ? { wasmPaths: options.wasmPaths } : {}),
  };
  const useWorker = options.worker ?? typeof Worker !== 'undefined';
  if (useWorker) {
    const worker =
      typeof useWorker === 'function'
        ? useWorker()
        : new Worker(new URL('./transformers/embedding-worker.js', import.meta.url), { type: 'module' });
    return workerBackend(worker, config, emit);
  }
  const session = embeddingSession(config, emit);
  return { embed: (texts, kind) => session.embed(texts, kind), dispose: () => {} };
}

function wrap(model: string, error: unknown): EmbeddingError | MissingDependencyError {
  if (error instanceof MissingDependencyError) return error;
  const detail = (error instanceof Error ? error.message : String(error)).replace(/\.+$/, '');
  return new EmbeddingError(
    `Could not load or run the embedding model ${model}: ${detail}. Check localModelPath / allowRemoteModels / wasmPaths, or search by keywords.`,
    error,
  );
}
