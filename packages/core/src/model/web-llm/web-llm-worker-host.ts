// Runs inside the Web Worker: loads web-llm's worker protocol and serves it to the page.
import type { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';
import { requireExport } from '../../missing-dependency.js';
import { MissingDependencyError } from '../../missing-dependency-error.js';
import type { WebLLMProgressReport } from './web-llm-progress.js';

/** An engine the worker can host instead of web-llm's own `MLCEngine` (a test fake). */
export interface HostedEngine {
  setInitProgressCallback(callback: (report: WebLLMProgressReport) => void): void;
}

type HandlerClass = typeof WebWorkerMLCEngineHandler;

/**
 * Serves web-llm's worker protocol (`WebWorkerMLCEngineHandler`) in this worker, so the page's
 * `CreateWebWorkerMLCEngine` talks to it. With `engine`, that engine replaces web-llm's `MLCEngine`:
 * tests run the real worker protocol against a fake. web-llm is imported dynamically (an optional peer
 * dependency), so messages that arrive before it has loaded are kept and handled in order.
 */
export function hostWebLLMEngine(engine?: HostedEngine): void {
  const early: MessageEvent[] = [];
  globalThis.onmessage = (event: MessageEvent) => early.push(event);
  loadHandlerClass().then(
    (Handler) => {
      const handler = new Handler();
      if (engine) {
        handler.engine = engine as WebWorkerMLCEngineHandler['engine'];
        engine.setInitProgressCallback((report) =>
          handler.postMessage({ kind: 'initProgressCallback', uuid: '', content: report }),
        );
      }
      globalThis.onmessage = (event: MessageEvent) => handler.onmessage(event);
      for (const event of early.splice(0)) handler.onmessage(event);
    },
    (error: unknown) => {
      // Thrown outside the promise, so the page's worker "error" listener sees it.
      setTimeout(() => {
        throw error;
      });
    },
  );
}

async function loadHandlerClass(): Promise<HandlerClass> {
  let module: unknown;
  try {
    module = await import('@mlc-ai/web-llm');
  } catch (error) {
    throw new MissingDependencyError('@mlc-ai/web-llm', 'The web-llm worker', error);
  }
  return requireExport<{ WebWorkerMLCEngineHandler: HandlerClass }>(
    module,
    'WebWorkerMLCEngineHandler',
    '@mlc-ai/web-llm',
    'The web-llm worker',
  ).WebWorkerMLCEngineHandler;
}
