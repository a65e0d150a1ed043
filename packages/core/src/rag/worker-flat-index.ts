import type { IndexRequest, IndexResponse } from './flat-index-worker.js';
import { normalized } from './normalize.js';
import { IndexCorruptError, RagInputError } from './rag-errors.js';
import type { VectorHit, VectorIndex } from './vector-index.js';

/** Options of {@link workerFlatIndex}. */
export interface WorkerFlatIndexOptions {
  dimensions: number;
  /** Supplies the worker (e.g. from your bundler's worker import); default the bundled flat-index-worker. */
  worker?: () => Worker;
}

type Call = IndexRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * {@link flatIndex} in a Web Worker, for large indexes: building, searching and snapshotting run off
 * the page's thread; vectors and snapshots move as transferable buffers. Ids are mirrored here so
 * `size`, `has` and `ids` stay synchronous.
 */
export function workerFlatIndex(options: WorkerFlatIndexOptions): VectorIndex {
  const { dimensions } = options;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 65536)
    throw new RagInputError(
      `workerFlatIndex: dimensions must be an integer from 1 to 65536, got ${dimensions}.`,
    );
  const worker =
    options.worker?.() ?? new Worker(new URL('./flat-index-worker.js', import.meta.url), { type: 'module' });
  const ids = new Set<string>();
  const call = workerCaller(worker);
  const ready = call<string>({ method: 'init', dimensions });

  return {
    kind: 'flat-worker',
    dimensions,
    size: () => ids.size,
    has: (id) => ids.has(id),
    ids: () => [...ids],
    async add(records) {
      // Validate here so errors name the caller's record; the worker gets one packed buffer.
      const data = new Float32Array(records.length * dimensions);
      records.forEach((record, i) => {
        if (typeof record?.id !== 'string' || record.id === '')
          throw new RagInputError(`workerFlatIndex.add: record ${i} needs a non-empty string id.`);
        data.set(
          normalized(record.vector, dimensions, `workerFlatIndex.add: vector "${record.id}"`),
          i * dimensions,
        );
      });
      await ready;
      await call({ method: 'add', ids: records.map((r) => r.id), data }, [data.buffer]);
      for (const record of records) ids.add(record.id);
    },
    async remove(removeIds) {
      await ready;
      const removed = await call<number>({ method: 'remove', ids: [...removeIds] });
      for (const id of removeIds) ids.delete(id);
      return removed;
    },
    async search(query, k) {
      const unit = normalized(query, dimensions, 'workerFlatIndex.search: the query vector');
      await ready;
      return call<VectorHit[]>({ method: 'search', query: unit, k });
    },
    async save() {
      await ready;
      return call<ArrayBuffer>({ method: 'save' });
    },
    async load(snapshot) {
      await ready;
      // The worker takes the buffer; keep the caller's copy intact.
      const copy = snapshot.slice(0);
      const loaded = await call<string[]>({ method: 'load', snapshot: copy }, [copy]);
      ids.clear();
      for (const id of loaded) ids.add(id);
    },
    async clear() {
      await ready;
      await call({ method: 'clear' });
      ids.clear();
    },
  };
}

/** Sends requests to the index worker and settles each with the worker's answer to its id. */
function workerCaller(worker: Worker) {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.onmessage = ({ data }: MessageEvent<IndexResponse>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (data.ok) waiting?.resolve(data.result);
    else if (data.name === 'IndexCorruptError')
      waiting?.reject(new IndexCorruptError(data.detail ?? data.message));
    else if (data.name === 'RagInputError') waiting?.reject(new RagInputError(data.message));
    else waiting?.reject(new Error(data.message));
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    for (const waiting of pending.values())
      waiting.reject(new Error(`the index worker failed: ${event.message}`));
    pending.clear();
  };
  return <T>(request: Call, transfer: Transferable[] = []) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id } as IndexRequest, transfer);
    });
}
