import type { DBSchema, IDBPDatabase } from 'idb';
import { AgentChatError } from '../errors.js';
import { indexedDBConnection } from '../indexeddb-connection.js';
import type { Chunk, KnowledgeDocument } from './knowledge-document.js';
import {
  keywordShardName,
  type RagStore,
  type StoredKeywordShard,
  type StoredKeywords,
  type StoredVectors,
} from './rag-store.js';

/** A document as stored: a chunk's text is left out when it is the document's text between its offsets. */
type StoredDocument = Omit<KnowledgeDocument, 'chunks'> & {
  chunks: (Omit<Chunk, 'text'> & { text?: string })[];
};

/**
 * Schema of the RAG database. It is separate from the conversation store's database so the two
 * never share versions or upgrades. v1: `documents` (key `id`, index `by-conversation`) and
 * `vectors` (key `name`; snapshots as ArrayBuffer, never JSON). v2: `keywords` (key `name`, the saved
 * keyword index: its root under its name, its term shards under `<name>/<n>`); documents written since
 * keep each chunk's text only once (in the document's text).
 */
interface RagDB extends DBSchema {
  documents: { key: string; value: StoredDocument; indexes: { 'by-conversation': string } };
  vectors: { key: string; value: StoredVectors };
  keywords: { key: string; value: StoredKeywords | StoredKeywordShard };
}

/** Documents read per request: one large read would be one long task on the page. */
const PAGE = 50;

function packed(document: KnowledgeDocument): StoredDocument {
  const { text } = document;
  return {
    ...document,
    chunks: document.chunks.map(({ text: chunkText, ...chunk }) =>
      text.slice(chunk.start, chunk.end) === chunkText ? chunk : { ...chunk, text: chunkText },
    ),
  };
}

function unpacked(stored: StoredDocument): KnowledgeDocument {
  const { text } = stored;
  return {
    ...stored,
    chunks: stored.chunks.map((chunk) => ({
      ...chunk,
      text: chunk.text ?? text.slice(chunk.start, chunk.end),
    })),
  };
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
export function indexedDBRagStore(options: IndexedDBRagStoreOptions = {}): RagStore &
  Required<Pick<RagStore, 'getKeywords' | 'putKeywords' | 'getKeywordShard'>> & {
    readonly databaseName: string;
    close(): Promise<void>;
  } {
  const name = options.databaseName ?? RAG_DATABASE_NAME;
  const connection = indexedDBConnection<RagDB>(name, 2, (database, oldVersion) => {
    if (oldVersion < 1) {
      const documents = database.createObjectStore('documents', { keyPath: 'id' });
      documents.createIndex('by-conversation', 'conversationId');
      database.createObjectStore('vectors', { keyPath: 'name' });
    }
    if (oldVersion < 2) database.createObjectStore('keywords', { keyPath: 'name' });
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
    databaseName: name,
    documents: async () => {
      const db = await open();
      const read = async () => {
        const keys = await db.getAllKeys('documents');
        const documents: KnowledgeDocument[] = [];
        for (let i = 0; i < keys.length; i += PAGE) {
          const range = IDBKeyRange.bound(keys[i], keys[Math.min(i + PAGE, keys.length) - 1]);
          for (const stored of await db.getAll('documents', range)) documents.push(unpacked(stored));
        }
        return documents;
      };
      return read().catch(failed('reading documents'));
    },
    putDocument: async (document) => {
      await (await open()).put('documents', packed(document)).catch(failed('saving a document'));
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
    ...keywordRecords(open, failed),
    close: async () => connection.close(),
  };
}

/** The saved keyword index's records: its root under its name, its shards under `<name>/<n>`. */
function keywordRecords(
  open: () => Promise<IDBPDatabase<RagDB>>,
  failed: (what: string) => (error: unknown) => never,
): Required<Pick<RagStore, 'getKeywords' | 'putKeywords' | 'getKeywordShard'>> {
  return {
    getKeywords: async (key) => {
      const saved = await (await open()).get('keywords', key).catch(failed('reading the keyword index'));
      return saved && 'root' in saved ? saved : undefined;
    },
    putKeywords: async (keywords, shards) => {
      const tx = (await open()).transaction('keywords', 'readwrite');
      const others = IDBKeyRange.bound(`${keywords.name}/`, `${keywords.name}/\uffff`);
      await Promise.all([
        tx.store.delete(others),
        tx.store.put(keywords),
        ...shards.map((shard) => tx.store.put(shard)),
        tx.done,
      ]).catch(failed('saving the keyword index'));
    },
    getKeywordShard: async (key, n) => {
      const shard = await (await open())
        .get('keywords', keywordShardName(key, n))
        .catch(failed('reading the keyword index'));
      return shard && 'postings' in shard ? shard : undefined;
    },
  };
}
