// The Web Worker of transformersEmbedder: one embedding session, driven by messages, so tokenizing
// and ONNX inference never block the page.
import { MissingDependencyError } from '../../missing-dependency-error.js';
import type { EmbedderProgress } from '../embedder.js';
import { type EmbeddingConfig, embeddingSession } from './embedding-session.js';

/** Page → worker. */
export type WorkerRequest =
  | { type: 'init'; config: EmbeddingConfig }
  | { type: 'embed'; id: number; texts: string[]; kind: 'query' | 'document' };

/** Worker → page. */
export type WorkerResponse =
  | { type: 'progress'; progress: EmbedderProgress }
  | { type: 'result'; id: number; data: Float32Array; dimensions: number }
  | { type: 'error'; id: number; message: string; missing?: MissingDependencyError['packageName'] };

/** The dedicated worker's global scope, as this file uses it. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse, transfer?: Transferable[]): void;
}

// The DOM lib types globalThis as a window; in this worker it is the worker's scope.
const scope: WorkerScope = globalThis as typeof globalThis & WorkerScope;
let session: ReturnType<typeof embeddingSession> | undefined;

scope.onmessage = async ({ data: request }) => {
  if (request.type === 'init') {
    session = embeddingSession(request.config, (progress) =>
      scope.postMessage({ type: 'progress', progress }),
    );
    return;
  }
  try {
    if (!session) throw new Error('the worker received embed before init');
    const { data, dimensions } = await session.embed(request.texts, request.kind);
    const copy = data.slice();
    scope.postMessage({ type: 'result', id: request.id, data: copy, dimensions }, [copy.buffer]);
  } catch (error) {
    scope.postMessage({
      type: 'error',
      id: request.id,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof MissingDependencyError ? { missing: error.packageName } : {}),
    });
  }
};
