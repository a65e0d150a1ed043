/// <reference types="node" />
// Node only: `agent-chat knowledge build` as a function, for Vite plugins and deploy scripts.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PdfJs } from '../readers/pdf-to-text.js';
import { type BuildKnowledgeIndexOptions, buildKnowledgeIndex } from './build-knowledge-index.js';
import type { KnowledgeIndexRoot } from './knowledge-index-format.js';
import { type KnowledgeSourcesOptions, knowledgeSources } from './knowledge-sources.js';

/** Options of {@link buildKnowledge}. */
export interface BuildKnowledgeOptions extends BuildKnowledgeIndexOptions, KnowledgeSourcesOptions {
  /** A folder of documents, or a JSON manifest listing them. */
  input: string;
  /** The folder to write the index to (its `terms/` and `docs/` are replaced). Serve it, e.g. as `/knowledge/`. */
  out: string;
}

/** What {@link buildKnowledge} wrote. */
export interface BuildKnowledgeResult {
  root: KnowledgeIndexRoot;
  files: number;
  /** Bytes written, all files together. */
  bytes: number;
}

/**
 * Reads the documents of `input` (folder or manifest), builds the split index and writes it to `out`.
 * Throws `KnowledgeBuildError` naming every document it could not read; nothing is written then.
 *
 * @example
 * await buildKnowledge({ input: 'docs', out: 'dist/knowledge', baseUrl: 'https://example.com/docs/' });
 * // <agent-chat knowledge="/knowledge/"></agent-chat>
 */
export async function buildKnowledge(options: BuildKnowledgeOptions): Promise<BuildKnowledgeResult> {
  const documents = await knowledgeSources(options.input, options);
  const { files, root } = await buildKnowledgeIndex(documents, {
    ...options,
    pdf: options.pdf ?? { load: () => import('pdfjs-dist/legacy/build/pdf.mjs') as Promise<PdfJs> },
  });
  await rm(join(options.out, 'terms'), { recursive: true, force: true });
  await rm(join(options.out, 'docs'), { recursive: true, force: true });
  let bytes = 0;
  for (const [path, content] of files) {
    await mkdir(dirname(join(options.out, path)), { recursive: true });
    await writeFile(join(options.out, path), content);
    bytes += content.byteLength;
  }
  return { root, files: files.size, bytes };
}
