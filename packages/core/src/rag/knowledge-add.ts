import { chunkText } from './chunk-text.js';
import type { DocumentInput } from './knowledge-base-types.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import type { KnowledgeState } from './knowledge-state.js';
import { RagInputError } from './rag-errors.js';
import { detectFormat, readDocument } from './readers/read-document.js';

/** Reads, chunks and indexes a document; an unchanged attachment within its TTL is served from cache. */
export async function addDocument(
  kb: KnowledgeState,
  input: DocumentInput,
  signal?: AbortSignal,
): Promise<KnowledgeDocument> {
  await kb.ready();
  const id = documentId(input);
  const format = input.format ?? detectFormat(input.source, input.content, input.mimeType);
  const read = await readDocument(input.content, format, kb.options.pdf);
  const cached = kb.documents.get(id);
  if (cached && cached.text === read.text && kb.visible(cached, input.conversationId)) {
    kb.emit({
      type: 'knowledge.ingested',
      documentId: id,
      source: input.source,
      chunks: cached.chunks.length,
      cached: true,
    });
    return cached;
  }
  if (cached) await kb.drop([id], 'removed');
  const document: KnowledgeDocument = {
    id,
    source: input.source,
    title: input.title ?? read.title ?? input.source.split(/[\\/]/).pop()!,
    format,
    text: read.text,
    chunks: chunkText(id, read.text, kb.options.chunking),
    metadata: { ...input.metadata },
    addedAt: kb.now(),
    ...(input.conversationId ? { conversationId: input.conversationId, expiresAt: kb.now() + kb.ttl } : {}),
  };
  kb.index(document);
  await kb.store.putDocument(document);
  await kb.vectors.add(document.chunks, signal);
  kb.emit({
    type: 'knowledge.ingested',
    documentId: id,
    source: input.source,
    chunks: document.chunks.length,
    cached: false,
  });
  return document;
}

/** The document's id after checking the input: an attachment's id names its conversation. */
function documentId(input: DocumentInput): string {
  if (typeof input?.source !== 'string' || !input.source.trim())
    throw new RagInputError('knowledgeBase.add: `source` (a file name or URL) is required.');
  if (input.content === undefined || input.content === null)
    throw new RagInputError(
      `knowledgeBase.add(${input.source}): \`content\` is required (text, Blob, ArrayBuffer or Uint8Array).`,
    );
  return input.conversationId
    ? `conversation:${input.conversationId}:${input.source}`
    : `document:${input.source}`;
}
