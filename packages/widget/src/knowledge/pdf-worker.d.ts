// pdf.js's worker module, imported into the page (see knowledge-chunk.ts); only its handler is used.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
