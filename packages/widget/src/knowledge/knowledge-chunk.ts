// Loaded with import() by knowledge-loader.ts, only on pages with a `knowledge` attribute or once a
// file is attached: the knowledge base, its IndexedDB store and readers stay out of agent-chat.js, and
// pdf.js (a chunk of its own, with its worker) is fetched only when a PDF is read.
import {
  createKnowledgeBase,
  type Embedder,
  type ImageInput,
  indexedDBKnowledgeCache,
  indexedDBRagStore,
  type KnowledgeBase,
  type KnowledgeEvent,
  KnowledgeFileError,
  KnowledgeIndexVersionError,
  knowledgeTools,
  openKnowledgeIndex,
  type PdfJs,
  type Tool,
} from '@agent-chat/core';

import { KnowledgeDocumentError } from '../shared/widget-errors.js';

export { loadEmbedder } from './knowledge-embedder.js';
export { syncKnowledge } from './knowledge-sync.js';

/**
 * The knowledge base of one element: site documents and the conversations' attachments, in IndexedDB;
 * keyword search (in a worker, its index saved as built), hybrid with an `embedder`, whose model download
 * `onEvent` reports.
 */
export function openKnowledgeBase(
  databaseName: string,
  options: { embedder?: Embedder | undefined; onEvent?: (event: KnowledgeEvent) => void } = {},
): KnowledgeBase {
  return createKnowledgeBase({
    store: indexedDBRagStore({ databaseName }),
    // Tokenising, search and the saved index's loading off the page (on it when no worker can start).
    keywordWorker: true,
    pdf: { load: loadPdfJs },
    ...(options.embedder ? { embedder: options.embedder } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
}

/**
 * Searches the built index at `url` (a folder ending in `/`, or its root file) beside the knowledge
 * base's own documents; its files are kept in IndexedDB (`<databaseName>-knowledge-files`) across visits.
 * Resolves with a document error naming the index when it cannot be used (missing, another version).
 */
export async function attachBuiltIndex(
  kb: KnowledgeBase,
  url: string | undefined,
  databaseName: string,
): Promise<KnowledgeDocumentError | undefined> {
  if (!url) {
    kb.setIndex(undefined);
    return undefined;
  }
  try {
    kb.setIndex(
      await openKnowledgeIndex(url, {
        cache: indexedDBKnowledgeCache({ databaseName: `${databaseName}-knowledge-files` }),
      }),
    );
    return undefined;
  } catch (error) {
    const reason = error instanceof KnowledgeFileError ? 'not-found' : 'unreadable';
    const detail =
      error instanceof KnowledgeIndexVersionError || error instanceof KnowledgeFileError
        ? error.message
        : `is not a usable knowledge index (${String(error)}).`;
    return new KnowledgeDocumentError(url, reason, detail, error);
  }
}

/**
 * pdf.js and its worker code, both lazy chunks. The worker's handler runs in the page (pdf.js's
 * `globalThis.pdfjsWorker`): the script-tag build ships no separate worker file to host, and the
 * attachments and site documents it reads are small.
 */
async function loadPdfJs(): Promise<PdfJs> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs'),
  ]);
  const scope = globalThis as { pdfjsWorker?: unknown };
  scope.pdfjsWorker ??= worker;
  return pdfjs;
}

/**
 * `rag_search` and `read_attachment` over `kb`, for whichever conversation is shown when the model calls
 * them (the agent outlives a switch of conversation). A call first waits for `synced` (the site's documents
 * searchable: stored ones from an earlier visit, else the first sync), so a message is never held back for
 * them: only a search waits.
 */
export function conversationTools(
  kb: KnowledgeBase,
  conversationId: () => string | undefined,
  synced: () => Promise<void> = () => Promise.resolve(),
): Tool[] {
  const current = () => {
    const id = conversationId();
    return knowledgeTools(kb, id ? { conversationId: id } : {});
  };
  return knowledgeTools(kb).map(
    (tool, index): Tool => ({
      ...tool,
      execute: async (args, context) => {
        await synced();
        return current()[index]!.execute(args, context);
      },
    }),
  );
}

/**
 * Puts attached files into the conversation's attachment cache (PDF and HTML become text, CSV a table);
 * images are returned as image parts for a vision model instead.
 */
export async function ingestAttachments(
  kb: KnowledgeBase,
  files: readonly File[],
  conversationId: string,
): Promise<ImageInput[]> {
  const images: ImageInput[] = [];
  for (const file of files) {
    if (file.type.startsWith('image/')) images.push({ url: await dataUrl(file), mimeType: file.type });
    else
      await kb.add({
        source: file.name,
        content: file,
        ...(file.type ? { mimeType: file.type } : {}),
        conversationId,
      });
  }
  return images;
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
