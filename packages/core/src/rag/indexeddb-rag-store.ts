import type { DBSchema } from 'idb';
import { AgentChatError } from '../errors.js';
import { indexedDBConnection } from '../indexeddb-connection.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import type { RagStore, StoredVectors } from './rag-store.js';

/**
 * Schema of the RAG database. It is separate from the conversation store's database so the two
 * never share versions or upgrades. v1: `documents` (key `id`, index `by-conversation`) and
 * `vectors` (key `name`; snapshots as ArrayBuffer, never JSON).
 */
interface RagDB extends DBSchema {
  documents: { key: string; value: KnowledgeDocument; indexes: { 'by-conversation': string } };
  vectors: { key: string; value: StoredVectors };
}

/** Options of {@link indexedDBRagStore}. */
export interface IndexedDBRagStoreOptions {
  /** Database name; default `agent-chat-rag`. Use one per knowledge base. */
  databaseName?: string;
}

/** The default database name of {@link indexedDBRagStore}. */
export const RAG_DATABASE_NAME = 'agent-chat-rag';

/**
 * A {@link RagStore} in IndexedDB. Each operation is one transaction that awaits nothing but its
 * own requests (an await on anything else would let the transaction auto-commit early).
 */
export function indexedDBRagStore(
  options: IndexedDBRagStoreOptions = {},
): RagStore & { close(): Promise<void> } {
  const name = options.databaseName ?? RAG_DATABASE_NAME;
  const connection = indexedDBConnection<RagDB>(name, 1, (database) => {
    const documents = database.createObjectStore('documents', { keyPath: 'id' });
    documents.createIndex('by-conversation', 'conversationId');
    database.createObjectStore('vectors', { keyPath: 'name' });
  });
  const open = () =>
    connection.get().catch((error: unknown) => {
      throw new AgentChatError(
        'store_failed',
        `Could not open the IndexedDB database "${name}": ${String(error)}. Private browsing or a full disk can cause this; the knowledge base works in memory meanwhile.`,
        { cause: error, isRetryable: true },
      );
    });
  const failed = (what: string) => (error: unknown) => {
    throw new AgentChatError('store_failed', `IndexedDB ${what} failed in "${name}": ${String(error)}.`, {
      cause: error,
      isRetryable: true,
    });
  };
  return {
    documents: async () => (await open()).getAll('documents').catch(failed('reading documents')),
    putDocument: async (document) => {
      await (await open()).put('documents', document).catch(failed('saving a document'));
    },
    deleteDocuments: async (ids) => {
      const tx = (await open()).transaction('documents', 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]).catch(
        failed('deleting documents'),
      );
    },
    getVectors: async (key) => (await open()).get('vectors', key).catch(failed('reading vectors')),
    putVectors: async (vectors) => {
      await (await open()).put('vectors', vectors).catch(failed('saving vectors'));
    },
    deleteVectors: async (key) => {
      await (await open()).delete('vectors', key).catch(failed('deleting vectors'));
    },
    close: async () => connection.close(),
  };
}
