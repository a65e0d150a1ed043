import { MissingDependencyError } from '../../missing-dependency-error.js';
import type { EmbedderProgress } from '../embedder.js';
import type { EmbeddingConfig } from './embedding-session.js';
import type { WorkerRequest, WorkerResponse } from './embedding-worker.js';

/** Embeds through one session: in a worker or in this thread. */
export interface EmbeddingBackend {
  embed(
    texts: readonly string[],
    kind: 'query' | 'document',
  ): Promise<{ data: Float32Array; dimensions: number }>;
  dispose(): void;
}

/** A backend whose session lives in `worker`; requests are matched to answers by id. */
export function workerBackend(
  worker: Worker,
  config: EmbeddingConfig,
  onProgress: (progress: EmbedderProgress) => void,
): EmbeddingBackend {
  let next = 0;
  const pending = new Map<
    number,
    { resolve: (r: { data: Float32Array; dimensions: number }) => void; reject: (e: Error) => void }
  >();
  worker.onmessage = ({ data: message }: MessageEvent<WorkerResponse>) => {
    if (message.type === 'progress') return onProgress(message.progress);
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.type === 'result') waiting?.resolve({ data: message.data, dimensions: message.dimensions });
    else if (message.missing)
      waiting?.reject(
        new MissingDependencyError(message.missing, 'transformersEmbedder()', new Error(message.message)),
      );
    else waiting?.reject(new Error(message.message));
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    const error = new Error(
      `the embedding worker failed: ${event.message || 'could not start (check the worker URL)'}`,
    );
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  const post = (request: WorkerRequest) => worker.postMessage(request);
  post({ type: 'init', config });
  return {
    embed: (texts, kind) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        post({ type: 'embed', id, texts: [...texts], kind });
      }),
    dispose: () => {
      worker.terminate();
      for (const waiting of pending.values()) waiting.reject(new Error('the embedder was disposed'));
      pending.clear();
    },
  };
}
