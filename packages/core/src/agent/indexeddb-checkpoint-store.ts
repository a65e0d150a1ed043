import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { RunCheckpoint, RunCheckpointStore } from './run-checkpoint-store.js';

interface CheckpointDB extends DBSchema {
  checkpoints: {
    key: string;
    value: RunCheckpoint & { requestIds: string[] };
    indexes: { byRequest: string };
  };
}

/**
 * A {@link RunCheckpointStore} in IndexedDB (its own small database, default `agent-chat-checkpoints`),
 * so a clarification or approval survives a page reload and the run resumes from it.
 *
 * @example
 * const agent = createAgent({ model, tools, checkpoints: indexedDBCheckpointStore() });
 */
export function indexedDBCheckpointStore(options: { name?: string } = {}): RunCheckpointStore {
  let db: Promise<IDBPDatabase<CheckpointDB>> | undefined;
  const open = () => {
    db ??= openDB<CheckpointDB>(options.name ?? 'agent-chat-checkpoints', 1, {
      upgrade(database) {
        const store = database.createObjectStore('checkpoints', { keyPath: 'conversationId' });
        store.createIndex('byRequest', 'requestIds', { multiEntry: true });
      },
    });
    return db;
  };
  const strip = (row: (RunCheckpoint & { requestIds?: string[] }) | undefined): RunCheckpoint | undefined => {
    if (!row) return undefined;
    const { requestIds: _ids, ...checkpoint } = row;
    return checkpoint;
  };
  return {
    async save(checkpoint) {
      await (await open()).put('checkpoints', {
        ...checkpoint,
        requestIds: checkpoint.requests.map((r) => r.requestId),
      });
    },
    async load(conversationId) {
      return strip(await (await open()).get('checkpoints', conversationId));
    },
    async findByRequest(requestId) {
      return strip(await (await open()).getFromIndex('checkpoints', 'byRequest', requestId));
    },
    async list() {
      const rows = await (await open()).getAll('checkpoints');
      return rows.map((row) => strip(row)!).sort((a, b) => a.createdAt - b.createdAt);
    },
    async delete(conversationId) {
      await (await open()).delete('checkpoints', conversationId);
    },
  };
}
