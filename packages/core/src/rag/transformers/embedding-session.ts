import { requireExport } from '../../missing-dependency.js';
import { MissingDependencyError } from '../../missing-dependency-error.js';
import type { EmbedderProgress } from '../embedder.js';

/** Everything a session needs to load a model; plain data, so it can be posted to a worker. */
export interface EmbeddingConfig {
  model: string;
  dtype: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'bnb4' | 'q4f16';
  device: 'wasm' | 'webgpu';
  /** Base URL or path of local models: `{localModelPath}/{model}/onnx/model*.onnx`. */
  localModelPath?: string;
  /** Allow downloads from the Hugging Face Hub when a model is not local; default true. */
  allowRemoteModels: boolean;
  /** Where onnxruntime-web's `.mjs`/`.wasm` files are served (a URL prefix, or both files' URLs). */
  wasmPaths?: string | { mjs: string; wasm: string };
  /** Text put before queries and documents (e5: `query: ` / `passage: `). */
  queryPrefix: string;
  documentPrefix: string;
}

type FeatureExtractor = (
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean },
) => Promise<{ data: Float32Array; dims: number[] }>;

/** Maps transformers.js progress callbacks to `model.loading` event bodies. */
function toProgress(model: string, info: Record<string, unknown>): EmbedderProgress | undefined {
  if (info.status === 'progress_total' || info.status === 'progress') {
    const loaded = Number(info.loaded ?? 0);
    const total = Number(info.total ?? 0);
    return {
      type: 'model.loading',
      model,
      phase: 'download',
      fraction: total > 0 ? Math.min(1, loaded / total) : 0,
      loadedBytes: loaded,
      totalBytes: total,
      ...(typeof info.file === 'string' ? { text: info.file } : {}),
    };
  }
  if (info.status === 'ready') return { type: 'model.loading', model, phase: 'ready', fraction: 1 };
  return undefined;
}

type Transformers = typeof import('@huggingface/transformers');

/** Loads transformers.js, an optional peer dependency: without it, {@link MissingDependencyError}. */
async function importTransformers(): Promise<Transformers> {
  let module: unknown;
  try {
    module = await import('@huggingface/transformers');
  } catch (error) {
    throw new MissingDependencyError('@huggingface/transformers', 'transformersEmbedder()', error);
  }
  return requireExport(module, 'pipeline', '@huggingface/transformers', 'transformersEmbedder()');
}

/**
 * Loads a feature-extraction pipeline (mean pooling, normalized) and embeds batches with it. Runs
 * wherever it is called: inside the embedder's Web Worker, or in-thread where there are no workers.
 */
export function embeddingSession(config: EmbeddingConfig, onProgress: (progress: EmbedderProgress) => void) {
  let extractor: Promise<FeatureExtractor> | undefined;
  const load = () => {
    extractor ??= (async () => {
      const { env, pipeline } = await importTransformers();
      env.allowRemoteModels = config.allowRemoteModels;
      if (config.localModelPath) {
        env.localModelPath = config.localModelPath;
        env.allowLocalModels = true;
      }
      const onnx = env.backends.onnx as { wasm?: { wasmPaths?: unknown } };
      if (config.wasmPaths && onnx.wasm) onnx.wasm.wasmPaths = config.wasmPaths;
      onProgress({ type: 'model.loading', model: config.model, phase: 'download', fraction: 0 });
      // ONNX Runtime for Node has no "wasm" device; its CPU default is the equivalent there.
      const onNode = Boolean(
        (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node,
      );
      const created = await pipeline('feature-extraction', config.model, {
        dtype: config.dtype,
        ...(onNode && config.device === 'wasm' ? {} : { device: config.device }),
        progress_callback: (info: unknown) => {
          const progress = toProgress(config.model, info as Record<string, unknown>);
          if (progress) onProgress(progress);
        },
      });
      return created as FeatureExtractor;
    })();
    extractor.catch(() => {
      extractor = undefined; // a later call may retry, e.g. after the network returns
    });
    return extractor;
  };
  return {
    load,
    /** Unit vectors, one per text, packed in one buffer (`dimensions` each). */
    async embed(
      texts: readonly string[],
      kind: 'query' | 'document',
    ): Promise<{ data: Float32Array; dimensions: number }> {
      const prefix = kind === 'query' ? config.queryPrefix : config.documentPrefix;
      const output = await (await load())(
        texts.map((text) => prefix + text),
        { pooling: 'mean', normalize: true },
      );
      return { data: output.data, dimensions: output.dims.at(-1)! };
    },
  };
}
