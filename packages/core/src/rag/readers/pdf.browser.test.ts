// @ts-expect-error -- Vite's ?url import (vite/client types are not part of core's build)
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { describe, expect, it } from 'vitest';
import { createKnowledgeBase } from '../knowledge-base.js';
import { IngestError } from '../rag-errors.js';
import { minimalPdf } from '../testing/minimal-pdf.js';

describe('PDF ingestion (pdf.js, loaded on first use)', () => {
  it('extracts the text of every page and makes it searchable', async () => {
    const kb = createKnowledgeBase({ pdf: { workerSrc: workerSrc as string } });
    const pdf = minimalPdf([
      ['Quarterly report', 'Revenue grew by twelve percent.'],
      ['Outlook', 'Hiring continues in Lisbon (Portugal).'],
    ]);
    const document = await kb.add({
      source: 'report.pdf',
      content: new Blob([pdf as BlobPart], { type: 'application/pdf' }),
    });
    expect(document.format).toBe('pdf');
    expect(document.text).toContain('Revenue grew by twelve percent.');
    expect(document.text).toContain('Hiring continues in Lisbon (Portugal).');
    expect((await kb.search('hiring lisbon')).hits[0]).toMatchObject({ source: 'report.pdf' });
    // The first use loads pdf.js and its worker (about 1.4 MB the test server serves on first request): on
    // a busy CI machine that alone took over 15 s once.
  }, 60_000);

  it('says a broken PDF could not be opened, and keeps the knowledge base usable', async () => {
    const kb = createKnowledgeBase({ pdf: { workerSrc: workerSrc as string } });
    const error = await kb
      .add({ source: 'broken.pdf', content: new TextEncoder().encode('%PDF-1.4 garbage') })
      .catch((e) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error.message).toMatch(/could not be opened/);
    await kb.add({ source: 'ok.txt', content: 'still works' });
    expect((await kb.search('works')).hits).toHaveLength(1);
  });
});
