import {
  indexedDBCheckpointStore,
  memoryCheckpointStore,
  type RunCheckpoint,
  type RunCheckpointStore,
} from '@agent-chat/core';
import { checkpointMarks } from './checkpoint-marks.js';

// Loaded with import() by default-checkpoints.ts when a run first pauses (or a page finds a paused one): the
// IndexedDB checkpoint store stays out of every chat that never asks for an approval.

/**
 * Core's IndexedDB checkpoint store (database `<name>:checkpoints`), the conversations it holds marked in
 * localStorage. Where IndexedDB cannot be used, paused runs are kept in memory, as before.
 */
export async function lastingCheckpoints(name: string): Promise<RunCheckpointStore> {
  const marks = checkpointMarks(name);
  const store = await openIndexedDB(`${name}:checkpoints`).catch(() => memoryCheckpointStore());
  return {
    ...store,
    async save(checkpoint: RunCheckpoint) {
      marks.set(checkpoint.conversationId, true);
      await store.save(checkpoint);
    },
    async delete(conversationId) {
      await store.delete(conversationId);
      marks.set(conversationId, false);
    },
  };
}

async function openIndexedDB(name: string): Promise<RunCheckpointStore> {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available in this browser.');
  const store = indexedDBCheckpointStore({ name });
  await store.list();
  return store;
}
