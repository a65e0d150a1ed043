import { AbortedError, AgentChatError } from '../../errors.js';
import type { ModelEvent, ModelLoadingProgress } from '../chat-model.js';
import { LocalModelUnavailableError, ModelNotFoundError } from '../model-errors.js';
import {
  createWebLLMWorker,
  importWebLLM,
  type WebLLMAppConfig,
  type WebLLMEngine,
  type WebLLMRuntime,
} from './web-llm-engine.js';
import type { LocalModelInfo } from './web-llm-models.js';
import { toLoadingProgress, type WebLLMProgressReport } from './web-llm-progress.js';
import { checkWebGPU } from './webgpu-check.js';

/** How `webLLM()` gets its engine; every field has a working default. */
export interface WebLLMLoadOptions {
  /** Builds the engine directly (tests, custom hosting); replaces `runtime` and `worker`. */
  engine?: (
    modelId: string,
    context: { onProgress: (report: WebLLMProgressReport) => void; signal: AbortSignal },
  ) => Promise<WebLLMEngine>;
  /** Creates the Web Worker that hosts web-llm; default the worker agent-chat ships. */
  worker?: () => Worker;
  /** Loads the web-llm module; default `import('@mlc-ai/web-llm')`. */
  runtime?: () => Promise<WebLLMRuntime>;
  /** web-llm app config for custom models; default web-llm's `prebuiltAppConfig`. */
  appConfig?: WebLLMAppConfig;
  /** Check WebGPU, adapter limits, memory and storage quota before loading; default true. */
  checkEnvironment?: boolean;
}

type Waiter = (progress: ModelLoadingProgress) => void;

/**
 * Loads a local model once and shares it: concurrent callers wait for the same load and all see its
 * progress; a load every waiter abandoned is cancelled (its worker terminated); a failed or cancelled
 * load is forgotten, so the next call starts again — from the browser cache for finished shards.
 */
export class LocalModelLoader {
  #engine: Promise<WebLLMEngine> | undefined;
  #cancel: AbortController | undefined;
  #loaded = false;
  readonly #waiters = new Set<Waiter>();

  readonly modelId: string;
  readonly info: LocalModelInfo;
  readonly options: WebLLMLoadOptions;

  constructor(modelId: string, info: LocalModelInfo, options: WebLLMLoadOptions) {
    this.modelId = modelId;
    this.info = info;
    this.options = options;
  }

  /** Yields `loading` events until the engine is ready, then returns it. */
  async *load(id: string, signal: AbortSignal | undefined): AsyncGenerator<ModelEvent, WebLLMEngine> {
    if (signal?.aborted) throw new AbortedError(signal.reason);
    const fresh = !this.#engine;
    if (!this.#engine) {
      this.#cancel = new AbortController();
      this.#loaded = false;
      const engine = this.#start(this.#cancel.signal);
      this.#engine = engine;
      engine.then(
        () => {
          if (this.#engine === engine) this.#loaded = true;
        },
        () => {
          if (this.#engine === engine) this.#engine = undefined;
        },
      );
    }
    const queue: ModelLoadingProgress[] = [];
    let wake: (() => void) | undefined;
    const waiter: Waiter = (progress) => {
      queue.push(progress);
      wake?.();
    };
    this.#waiters.add(waiter);
    let settled = false;
    const ready = this.#engine.finally(() => {
      settled = true;
      wake?.();
    });
    ready.catch(() => {}); // Awaited below unless this caller aborts first.
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      for (;;) {
        while (queue.length) yield { type: 'loading', model: id, progress: queue.shift()! };
        if (signal?.aborted) throw new AbortedError(signal.reason);
        if (settled) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      const engine = await ready;
      if (fresh) yield { type: 'loading', model: id, progress: { phase: 'ready', fraction: 1 } };
      return engine;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.#waiters.delete(waiter);
      if (!settled && this.#waiters.size === 0) this.#cancel?.abort(new AbortedError());
    }
  }

  /** Frees the engine and its worker; cancels a load in progress. */
  async unload(): Promise<void> {
    const pending = this.#engine;
    this.#engine = undefined;
    if (!pending) return;
    if (!this.#loaded) {
      this.#cancel?.abort(new AbortedError());
      return;
    }
    await (await pending.catch(() => undefined))?.unload?.();
  }

  async #start(cancel: AbortSignal): Promise<WebLLMEngine> {
    const onProgress = (report: WebLLMProgressReport) => {
      const progress = toLoadingProgress(report);
      // "ready" is announced once, after the engine is really usable.
      if (progress.phase !== 'ready') for (const waiter of this.#waiters) waiter(progress);
    };
    const check = this.options.checkEnvironment !== false;
    const { modelId, info } = this;
    if (this.options.engine) {
      if (check)
        await checkWebGPU({ model: modelId, requiredFeatures: info.requiredFeatures, vramMB: info.vramMB });
      return this.options.engine(modelId, { onProgress, signal: cancel }).catch((error: unknown) => {
        throw loadFailed(modelId, error);
      });
    }
    // WebGPU first: a browser without it never downloads the 6 MB library.
    if (check) await checkWebGPU({ model: modelId });
    const runtime = await (this.options.runtime ?? importWebLLM)();
    const appConfig = this.options.appConfig ?? runtime.prebuiltAppConfig;
    const record = appConfig.model_list.find((m) => m.model_id === modelId);
    if (!record)
      throw new ModelNotFoundError({
        model: modelId,
        available: appConfig.model_list.map((m) => m.model_id),
      });
    const cached = await runtime.hasModelInCache(modelId, appConfig as never).catch(() => false);
    const vramMB = record.vram_required_MB ?? info.vramMB;
    if (check)
      await checkWebGPU({
        model: modelId,
        // web-llm's record is the source of truth: it lists the features its compiled library needs.
        requiredFeatures: record.required_features ?? [],
        vramMB,
        ...(record.buffer_size_required_bytes ? { bufferBytes: record.buffer_size_required_bytes } : {}),
        // The weights are at most the VRAM figure; cached weights need no new space.
        downloadBytes: cached ? 0 : Math.round(vramMB * 1024 * 1024),
      });
    if (cancel.aborted) throw new AbortedError(cancel.reason);
    const worker = (this.options.worker ?? createWebLLMWorker)();
    const abort = new Promise<never>((_, reject) =>
      cancel.addEventListener('abort', () => {
        worker.terminate();
        reject(new AbortedError(cancel.reason));
      }),
    );
    abort.catch(() => {}); // Only raced; a later unload() also lands here.
    // A worker script that fails to load or throws would otherwise leave web-llm waiting forever.
    const crashed = new Promise<never>((_, reject) =>
      worker.addEventListener('error', (event) => {
        event.preventDefault?.();
        reject(new Error(`the web-llm worker failed: ${event.message || 'its script could not be loaded'}`));
      }),
    );
    crashed.catch(() => {});
    try {
      const engine = await Promise.race([
        runtime.CreateWebWorkerMLCEngine(worker, modelId, {
          appConfig: appConfig as never,
          initProgressCallback: onProgress,
        }),
        abort,
        crashed,
      ]);
      const unload = engine.unload?.bind(engine);
      engine.unload = async () => {
        // A worker that no longer answers must not keep unload() waiting.
        await Promise.race([unload?.().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000))]);
        worker.terminate();
      };
      return engine;
    } catch (error) {
      worker.terminate();
      throw loadFailed(modelId, error);
    }
  }
}

function loadFailed(modelId: string, error: unknown): AgentChatError {
  if (error instanceof AgentChatError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new LocalModelUnavailableError(
    'engine-failed',
    `The local model ${modelId} could not be loaded (${detail}): try again, or use a remote model.`,
    error,
  );
}
