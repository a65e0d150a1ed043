import type { RunCheckpointStore } from '@agent-chat/core';

const METHODS = ['save', 'load', 'findByRequest', 'list', 'delete'] as const;

/**
 * The paused runs of an `<agent-chat>` built from attributes, kept in IndexedDB (lasting-checkpoints.ts), so
 * an approval the visitor was asked for, or gave just before a reload, outlives it (issue 42). Until a run
 * pauses, the element's database has no mark in localStorage (checkpoint-marks.ts) and a chat neither loads
 * that code nor opens the database: there is nothing to find.
 */
export function defaultCheckpoints(name: string): RunCheckpointStore {
  let store: Promise<RunCheckpointStore> | undefined;
  const checkpoints = {} as Record<(typeof METHODS)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const method of METHODS)
    checkpoints[method] = async (...args) => {
      if (method !== 'save' && !marked(name)) return method === 'list' ? [] : undefined;
      store ??= import('./lasting-checkpoints.js').then((chunk) => chunk.lastingCheckpoints(name));
      return ((await store)[method] as (...given: unknown[]) => Promise<unknown>)(...args);
    };
  return checkpoints as unknown as RunCheckpointStore;
}

/** Whether a run of database `name` was paused (the mark's key, as checkpoint-marks.ts writes it). */
function marked(name: string): boolean {
  try {
    return localStorage.getItem(`agent-chat-resume:paused:${name}`) !== null;
  } catch {
    return true;
  }
}
