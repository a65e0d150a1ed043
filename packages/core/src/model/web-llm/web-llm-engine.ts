import { requireExport } from '../../missing-dependency.js';
import { MissingDependencyError } from '../../missing-dependency-error.js';
import type { OpenAIChunk } from '../openai/openai-chunk-reader.js';
import type { WebLLMProgressReport } from './web-llm-progress.js';

/** The Chat Completions request the adapter sends to web-llm (a subset of its `ChatCompletionRequest`). */
export interface WebLLMChatRequest {
  messages: Array<Record<string, unknown>>;
  stream: true;
  stream_options: { include_usage: true };
  tools?: Array<{
    type: 'function';
    function: { name: string; description: string; parameters: Record<string, unknown> };
  }>;
  response_format?: { type: 'json_object'; schema: string };
  max_tokens?: number;
  temperature?: number;
}

/**
 * The narrow slice of web-llm's `MLCEngineInterface` the adapter uses, so a fake engine can stand in
 * for tests (see `fakeWebLLMEngine` in `@agent-chat/core/test`).
 */
export interface WebLLMEngine {
  chat: { completions: { create(request: WebLLMChatRequest): Promise<AsyncIterable<OpenAIChunk>> } };
  /** Stops the generation in progress; its stream ends with `finish_reason: "abort"`. */
  interruptGenerate(): void;
  unload?(): Promise<void>;
}

/** A web-llm model record (`ModelRecord`), as far as the checks read it. */
export interface WebLLMModelRecord {
  model_id: string;
  vram_required_MB?: number;
  buffer_size_required_bytes?: number;
  required_features?: string[];
}

/** A web-llm app config (`AppConfig`): the models it can load. */
export interface WebLLMAppConfig {
  model_list: WebLLMModelRecord[];
}

/** The slice of the `@mlc-ai/web-llm` module the adapter uses; loaded by dynamic `import()` only when used. */
export interface WebLLMRuntime {
  prebuiltAppConfig: WebLLMAppConfig;
  hasModelInCache(modelId: string, appConfig?: never): Promise<boolean>;
  CreateWebWorkerMLCEngine(
    worker: Worker,
    modelId: string,
    engineConfig: { appConfig?: never; initProgressCallback: (report: WebLLMProgressReport) => void },
  ): Promise<WebLLMEngine>;
}

/**
 * Loads the real web-llm module (a separate chunk of 6+ MB: never in the base bundle). It is an optional
 * peer dependency: without it, {@link MissingDependencyError} (the `try` keeps apps' builds working).
 */
export async function importWebLLM(): Promise<WebLLMRuntime> {
  let module: unknown;
  try {
    module = await import('@mlc-ai/web-llm');
  } catch (error) {
    throw new MissingDependencyError('@mlc-ai/web-llm', 'webLLM()', error);
  }
  return requireExport(module, 'CreateWebWorkerMLCEngine', '@mlc-ai/web-llm', 'webLLM()');
}

/** Starts the Web Worker agent-chat ships to host the web-llm engine off the main thread. */
export function createWebLLMWorker(): Worker {
  return new Worker(new URL('./web-llm.worker.js', import.meta.url), {
    type: 'module',
    name: 'agent-chat-web-llm',
  });
}
