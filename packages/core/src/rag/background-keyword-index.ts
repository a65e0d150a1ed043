import type { KeywordEntry, KeywordHit, KeywordIndexOptions } from './keyword-index.js';
import {
  answerKeywordCall,
  type KeywordCall,
  type KeywordRecord,
  type KeywordRequest,
  type KeywordResponse,
  type KeywordTarget,
} from './keyword-requests.js';
import { shardedKeywordIndex } from './sharded-keyword-index.js';

/** A keyword index whose every call is asynchronous: on the page, or in a Web Worker. */
export interface BackgroundKeywordIndex {
  add(entries: readonly KeywordEntry[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  search(query: string, k: number): Promise<KeywordHit[]>;
  /**
   * Saves the index (root and term shards) with `record` into `target`: a RAG database's name (read and
   * written by the worker itself, when there is one) or, on the page, a store.
   */
  saveTo(target: KeywordTarget, record: KeywordRecord): Promise<void>;
  /**
   * Opens the index saved in `target` if it has this version and settings, reading only its root (a search
   * reads the shards of its terms); resolves with its record. Rejects when the root is damaged.
   */
  loadFrom(
    target: KeywordTarget,
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
  onDamaged: (reason: string) => void = () => undefined,
): BackgroundKeywordIndex {
  const answer = pageAnswers(options, onDamaged);
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
          resolve(await answer(call));
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
      if (data.damaged) onDamaged(data.damaged);
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
        replaying = replaying.then(() => answer(request));
        return replaying as Promise<T>;
      }
      // At once, not in a microtask: a caller working in slices (knowledgeState) then times the real work.
      return answer(request) as Promise<T>;
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
    saveTo: (target, record) => call({ method: 'saveTo', target, record }),
    loadFrom: (target, wanted) => call({ method: 'loadFrom', target, ...wanted }),
    vacuum: () => call({ method: 'vacuum' }),
    clear: () => call({ method: 'clear' }),
    where: () => (thread ? 'worker' : 'page'),
  };
}

/** Answers calls on an index made on the page at the first call, reporting a damaged saved shard it met. */
function pageAnswers(options: KeywordIndexOptions, onDamaged: (reason: string) => void) {
  let page: ReturnType<typeof shardedKeywordIndex> | undefined;
  return async (request: KeywordCall) => {
    try {
      page ??= shardedKeywordIndex(options);
      return await answerKeywordCall(page, request);
    } finally {
      const reason = page?.takeDamage();
      if (reason) onDamaged(reason);
    }
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
