// The Web Worker behind workerFlatIndex: hosts one flatIndex and answers the port's calls by message.
import { flatIndex } from './flat-index.js';
import { IndexCorruptError } from './rag-errors.js';

/** Page → worker. */
export type IndexRequest = { id: number } & (
  | { method: 'init'; dimensions: number }
  | { method: 'add'; ids: string[]; data: Float32Array }
  | { method: 'remove'; ids: string[] }
  | { method: 'search'; query: Float32Array; k: number }
  | { method: 'save' }
  | { method: 'load'; snapshot: ArrayBuffer }
  | { method: 'clear' }
);

/** Worker → page: a result, or an error to re-create on the page. */
export type IndexResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; name: string; message: string; detail?: string };

/** The dedicated worker's global scope, as this file uses it. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<IndexRequest>) => void) | null;
  postMessage(message: IndexResponse, transfer?: Transferable[]): void;
}

// The DOM lib types globalThis as a window; in this worker it is the worker's scope.
const scope: WorkerScope = globalThis as typeof globalThis & WorkerScope;
let index: ReturnType<typeof flatIndex> | undefined;

async function handle(request: IndexRequest): Promise<[unknown, Transferable[]]> {
  if (request.method === 'init') {
    index = flatIndex({ dimensions: request.dimensions });
    return [index.engine, []];
  }
  if (!index) throw new Error('the index worker was used before init');
  const dimensions = index.dimensions;
  switch (request.method) {
    case 'add': {
      const { ids, data } = request;
      await index.add(
        ids.map((id, i) => ({ id, vector: data.subarray(i * dimensions, (i + 1) * dimensions) })),
      );
      return [undefined, []];
    }
    case 'remove':
      return [await index.remove(request.ids), []];
    case 'search':
      return [await index.search(request.query, request.k), []];
    case 'save': {
      const snapshot = await index.save();
      return [snapshot, [snapshot]];
    }
    case 'load':
      await index.load(request.snapshot);
      return [index.ids(), []];
    case 'clear':
      await index.clear();
      return [undefined, []];
  }
}

scope.onmessage = async ({ data: request }) => {
  try {
    const [result, transfer] = await handle(request);
    scope.postMessage({ id: request.id, ok: true, result }, transfer);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    scope.postMessage({
      id: request.id,
      ok: false,
      name: e.name,
      message: e.message,
      ...(e instanceof IndexCorruptError ? { detail: e.detail } : {}),
    });
  }
};
