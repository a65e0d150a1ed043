import type { IDBPTransaction, StoreNames } from 'idb';
import type { AgentChatDB } from './indexeddb-schema.js';

// Transaction pitfalls (idb README, "Transaction lifetime"): a transaction commits on its own once no
// request is pending, and a synchronous throw between requests does NOT abort it.

/**
 * Runs the writes of one transaction; if any throws (a value that cannot be cloned throws
 * synchronously and would otherwise let the earlier writes commit), aborts it so nothing is kept.
 */
export async function atomically(
  tx: IDBPTransaction<AgentChatDB, StoreNames<AgentChatDB>[], 'readwrite'>,
  work: () => Promise<unknown>,
) {
  try {
    await work();
    await tx.done;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished or aborted: nothing was committed by this turn either way.
    }
    await tx.done.catch(() => undefined);
    throw error;
  }
}

/** Collects a transaction's write requests; rejections of writes cut short by an abort are observed here. */
export function writeBatch() {
  const pending: Promise<unknown>[] = [];
  return {
    add(request: Promise<unknown>) {
      request.catch(() => undefined);
      pending.push(request);
    },
    all: () => Promise.all(pending),
  };
}
