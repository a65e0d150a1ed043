import { requireExport } from '../../missing-dependency.js';
import { MissingDependencyError } from '../../missing-dependency-error.js';
import { IngestError } from '../rag-errors.js';

/** How to load pdf.js; it is imported only when a PDF is added. */
export interface PdfOptions {
  /** Loads pdfjs-dist; default `import('pdfjs-dist')`. */
  load?: () => Promise<PdfJs>;
  /** URL of pdf.js's worker script (`pdfjs-dist/build/pdf.worker.min.mjs`), when the page has not set one. */
  workerSrc?: string;
}

/** The part of pdfjs-dist used here. */
export interface PdfJs {
  GlobalWorkerOptions: { workerSrc: string };
  getDocument(source: { data: Uint8Array }): {
    promise: Promise<{
      numPages: number;
      getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }> }>;
    }>;
    destroy(): Promise<void>;
  };
}

/** Extracts the text of each page with pdf.js; pages are separated by blank lines. */
export async function pdfToText(bytes: Uint8Array, options: PdfOptions = {}): Promise<string> {
  // pdfjs-dist is an optional peer dependency; the `try` keeps apps that do not install it building.
  let module: unknown;
  try {
    module = await (options.load?.() ?? import('pdfjs-dist'));
  } catch (error) {
    throw new MissingDependencyError('pdfjs-dist', 'Reading PDFs', error);
  }
  const pdfjs = requireExport<PdfJs>(module, 'getDocument', 'pdfjs-dist', 'Reading PDFs');
  if (options.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = options.workerSrc;
  // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
  const task = pdfjs.getDocument({ data: bytes.slice() });
  let document: Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw new IngestError(
      `This PDF could not be opened (${String(error)}); check that the file is a valid, unencrypted PDF.`,
      error,
    );
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const { items } = await (await document.getPage(n)).getTextContent();
      let page = '';
      for (const item of items as { str?: string; hasEOL?: boolean }[]) {
        if (typeof item.str !== 'string') continue;
        page += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(page.trim());
    }
    return pages.filter(Boolean).join('\n\n');
  } finally {
    await task.destroy();
  }
}
