import type { DocumentFormat } from '../knowledge-document.js';
import { IngestError } from '../rag-errors.js';
import { csvToText } from './csv-to-text.js';
import { htmlToText } from './html-to-text.js';
import { type PdfOptions, pdfToText } from './pdf-to-text.js';

/** Document content as an app has it: text, or the bytes of a file. */
export type DocumentContent = string | Blob | ArrayBuffer | Uint8Array;

const EXTENSIONS: Record<string, DocumentFormat> = {
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  csv: 'csv',
  tsv: 'csv',
  pdf: 'pdf',
  txt: 'text',
};
const MIME_TYPES: Record<string, DocumentFormat> = {
  'text/markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'application/pdf': 'pdf',
};

/** The format of a document from its MIME type, its name's extension, or its first bytes. */
export function detectFormat(source: string, content: DocumentContent, mimeType?: string): DocumentFormat {
  const type = mimeType ?? (typeof Blob !== 'undefined' && content instanceof Blob ? content.type : '');
  const byType = MIME_TYPES[type.split(';')[0]!.trim().toLowerCase()];
  if (byType) return byType;
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(source)?.[1]?.toLowerCase();
  if (extension && EXTENSIONS[extension]) return EXTENSIONS[extension]!;
  if (typeof content === 'string')
    return /^\s*<(!doctype html|html|body|div|p)\b/i.test(content) ? 'html' : 'text';
  return 'text';
}

async function toBytes(content: Exclude<DocumentContent, string>): Promise<Uint8Array> {
  if (content instanceof Uint8Array) return content;
  if (content instanceof ArrayBuffer) return new Uint8Array(content);
  return new Uint8Array(await content.arrayBuffer());
}

/** Reads a document into plain text (Markdown headings kept for section-aware chunking). */
export async function readDocument(
  content: DocumentContent,
  format: DocumentFormat,
  pdf?: PdfOptions,
): Promise<{ text: string; title?: string }> {
  if (format === 'pdf') {
    if (typeof content === 'string')
      throw new IngestError(
        'A PDF must be given as bytes (Blob, File, ArrayBuffer or Uint8Array), not as a string.',
      );
    return { text: await pdfToText(await toBytes(content), pdf) };
  }
  const text = typeof content === 'string' ? content : new TextDecoder().decode(await toBytes(content));
  if (format === 'html') {
    const read = htmlToText(text);
    return read.title ? read : { text: read.text };
  }
  if (format === 'csv') return { text: csvToText(text) };
  return { text: text.replace(/\r\n?/g, '\n') };
}
