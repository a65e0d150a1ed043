/** The formats a knowledge base reads. */
export type DocumentFormat = 'text' | 'markdown' | 'html' | 'csv' | 'pdf';

/** Metadata values a document carries into search results and filters. */
export type Metadata = Record<string, string | number | boolean>;

/** A piece of a document, the unit of search. */
export interface Chunk {
  /** `${documentId}#${index}`. */
  id: string;
  documentId: string;
  index: number;
  text: string;
  /** Heading path of the section the chunk comes from, e.g. `Install > Linux`. */
  section?: string;
  /** Character offsets into the document's text. */
  start: number;
  end: number;
}

/** A document as stored: its extracted text and chunks. */
export interface KnowledgeDocument {
  id: string;
  /** Where it came from: a file name or URL, shown with search results. */
  source: string;
  title: string;
  format: DocumentFormat;
  text: string;
  chunks: Chunk[];
  metadata: Metadata;
  addedAt: number;
  /** Set for attachments: the conversation whose cache holds it. */
  conversationId?: string;
  /** Epoch ms after which a cached attachment is dropped. */
  expiresAt?: number;
}
