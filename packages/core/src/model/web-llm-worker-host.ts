// Runs inside the Web Worker: imports web-llm statically because this module is the worker's own chunk.
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';
import type { WebLLMProgressReport } from './web-llm-progress.js';

/** An engine the worker can host instead of web-llm's own `MLCEngine` (a test fake). */
export interface HostedEngine {
  setInitProgressCallback(callback: (report: WebLLMProgressReport) => void): void;
}

/**
 * Serves web-llm's worker protocol (`WebWorkerMLCEngineHandler`) in this worker, so the page's
 * `CreateWebWorkerMLCEngine` talks to it. With `engine`, that engine replaces web-llm's `MLCEngine`:
 * tests run the real worker protocol against a fake.
 */
export function hostWebLLMEngine(engine?: HostedEngine): void {
  const handler = new WebWorkerMLCEngineHandler();
  if (engine) {
    handler.engine = engine as unknown as WebWorkerMLCEngineHandler['engine'];
    engine.setInitProgressCallback((report) =>
      handler.postMessage({ kind: 'initProgressCallback', uuid: '', content: report }),
    );
  }
  globalThis.onmessage = (event: MessageEvent) => handler.onmessage(event);
}
