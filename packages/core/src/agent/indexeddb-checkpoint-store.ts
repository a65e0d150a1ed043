import type { DBSchema } from 'idb';
import { indexedDBConnection } from '../indexeddb-connection.js';
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
export function indexedDBCheckpointStore(
  options: { name?: string } = {},
): RunCheckpointStore & { close(): void } {
  const connection = indexedDBConnection<CheckpointDB>(
    options.name ?? 'agent-chat-checkpoints',
    1,
    (database) => {
      const store = database.createObjectStore('checkpoints', { keyPath: 'conversationId' });
      store.createIndex('byRequest', 'requestIds', { multiEntry: true });
    },
  );
  const open = connection.get;
  const strip = (row: (RunCheckpoint & { requestIds?: string[] }) | undefined): RunCheckpoint | undefined => {
    if (!row) return undefined;
    const { requestIds: _ids, ...checkpoint } = row;
    return checkpoint;
  };
  return {
    close: connection.close,
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
