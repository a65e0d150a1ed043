// Loaded with import() by knowledge-controller.ts, only on pages with a `knowledge` attribute or once a
// file is attached: the knowledge base, its IndexedDB store and readers stay out of agent-chat.js, and
// pdf.js (a chunk of its own, with its worker) is fetched only when a PDF is read.
import {
  createKnowledgeBase,
  type Embedder,
  type ImageInput,
  indexedDBRagStore,
  type KnowledgeBase,
  type KnowledgeEvent,
  knowledgeTools,
  type PdfJs,
  type Tool,
} from '@agent-chat/core';

export { loadEmbedder } from './knowledge-embedder.js';
export { syncKnowledge } from './knowledge-sync.js';

/**
 * The knowledge base of one element: site documents and the conversations' attachments, in IndexedDB;
 * keyword search, hybrid with an `embedder`, whose model download `onEvent` reports.
 */
export function openKnowledgeBase(
  databaseName: string,
  options: { embedder?: Embedder | undefined; onEvent?: (event: KnowledgeEvent) => void } = {},
): KnowledgeBase {
  return createKnowledgeBase({
    store: indexedDBRagStore({ databaseName }),
    pdf: { load: loadPdfJs },
    ...(options.embedder ? { embedder: options.embedder } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
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
  return pdfjs as unknown as PdfJs;
}

/**
 * `rag_search` and `read_attachment` over `kb`, for whichever conversation is shown when the model calls
 * them (the agent outlives a switch of conversation).
 */
export function conversationTools(kb: KnowledgeBase, conversationId: () => string | undefined): Tool[] {
  const current = () => {
    const id = conversationId();
    return knowledgeTools(kb, id ? { conversationId: id } : {});
  };
  return knowledgeTools(kb).map(
    (tool, index): Tool => ({
      ...tool,
      execute: (args, context) => current()[index]!.execute(args, context),
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
