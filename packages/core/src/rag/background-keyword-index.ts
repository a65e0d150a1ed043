import {
  type KeywordEntry,
  type KeywordHit,
  type KeywordIndexOptions,
  keywordIndex,
} from './keyword-index.js';
import {
  answerKeywordCall,
  type KeywordCall,
  type KeywordRecord,
  type KeywordRequest,
  type KeywordResponse,
} from './keyword-requests.js';

/** A keyword index whose every call is asynchronous: on the page, or in a Web Worker. */
export interface BackgroundKeywordIndex {
  add(entries: readonly KeywordEntry[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  search(query: string, k: number): Promise<KeywordHit[]>;
  /** The index as built (JSON), to persist. */
  save(): Promise<string>;
  /** Replaces the index by a saved one; rejects (leaving the index as it was) when it cannot be read. */
  load(json: string): Promise<void>;
  /** Saves the index with `record` into the RAG database `databaseName` (from the worker, when there is one). */
  saveTo(databaseName: string, record: KeywordRecord): Promise<void>;
  /** Loads the index saved in `databaseName` if it has this version and settings; resolves with its record. */
  loadFrom(
    databaseName: string,
    wanted: { name: string; version: number; settings: string },
  ): Promise<KeywordRecord | undefined>;
  /** Drops what replaced and removed entries left behind, so scores equal a rebuilt index's. */
  vacuum(): Promise<void>;
  clear(): Promise<void>;
  /** Where the index runs now: `worker`, or `page` (no worker asked for, or it could not start). */
  where(): 'worker' | 'page';
}

/** Supplies the keyword worker, or `true` for the bundled one (`keyword-index-worker.js` beside this file). */
export type KeywordWorkerOption = boolean | (() => Worker);

/**
 * {@link keywordIndex} behind asynchronous calls: in a Web Worker when `worker` is given and one starts
 * (tokenising, search, save and load then never block the page), else on the page. Calls made before the
 * worker answered its first message are replayed on the page when it cannot start (a strict
 * Content-Security-Policy without `worker-src 'self'`, a bundler that did not emit the file).
 */
export function backgroundKeywordIndex(
  options: KeywordIndexOptions = {},
  worker: KeywordWorkerOption = false,
): BackgroundKeywordIndex {
  let page: ReturnType<typeof keywordIndex> | undefined;
  const onPage = () => (page ??= keywordIndex(options));
  const pending = new Map<number, { call: KeywordCall; resolve(v: unknown): void; reject(e: Error): void }>();
  let started = false;
  let next = 0;
  let thread: Worker | undefined;
  /** Calls made before a failed worker's fallback, replayed on the page in order; later calls wait for them. */
  let replaying: Promise<unknown> | undefined;
  const fallBack = () => {
    thread?.terminate();
    thread = undefined;
    const waiting = [...pending.values()];
    pending.clear();
    // In the order sent (a Map keeps insertion order); init was only the worker's.
    let chain: Promise<unknown> = Promise.resolve();
    replaying = chain;
    for (const { call, resolve, reject } of waiting)
      chain = chain.then(async () => {
        try {
          resolve(await answerKeywordCall(onPage(), call));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    replaying = chain;
  };
  thread = startWorker(worker, {
    message: ({ data }) => {
      started = true;
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if (data.ok) waiting?.resolve(data.result);
      else waiting?.reject(new Error(data.message));
    },
    error: (event) => {
      event.preventDefault?.();
      if (!started) return fallBack();
      for (const waiting of pending.values())
        waiting.reject(new Error(`the keyword index worker failed: ${event.message}`));
      pending.clear();
    },
  });
  const call = <T>(request: KeywordCall): Promise<T> => {
    if (!thread) {
      if (replaying) {
        replaying = replaying.then(() => answerKeywordCall(onPage(), request));
        return replaying as Promise<T>;
      }
      // At once, not in a microtask: a caller working in slices (knowledgeState) then times the real work.
      try {
        return Promise.resolve(answerKeywordCall(onPage(), request) as T);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { call: request, resolve: resolve as (v: unknown) => void, reject });
      thread!.postMessage({ ...request, id } satisfies KeywordRequest);
    });
  };
  if (thread) void call({ method: 'init', options });
  return {
    add: (entries) => call({ method: 'add', entries: [...entries] }),
    remove: (ids) => call({ method: 'remove', ids: [...ids] }),
    search: (query, k) => call({ method: 'search', query, k }),
    save: () => call({ method: 'save' }),
    load: (json) => call({ method: 'load', json }),
    saveTo: (databaseName, record) => call({ method: 'saveTo', databaseName, record }),
    loadFrom: (databaseName, wanted) => call({ method: 'loadFrom', databaseName, ...wanted }),
    vacuum: () => call({ method: 'vacuum' }),
    clear: () => call({ method: 'clear' }),
    where: () => (thread ? 'worker' : 'page'),
  };
}

/** The keyword worker with its handlers, or undefined when none is asked for or it cannot be created. */
function startWorker(
  worker: KeywordWorkerOption,
  on: { message(event: MessageEvent<KeywordResponse>): void; error(event: ErrorEvent): void },
): Worker | undefined {
  if (!worker) return undefined;
  try {
    const thread =
      typeof worker === 'function'
        ? worker()
        : new Worker(new URL('./keyword-index-worker.js', import.meta.url), { type: 'module' });
    thread.onmessage = on.message;
    thread.onerror = on.error;
    return thread;
  } catch {
    return undefined;
  }
}
