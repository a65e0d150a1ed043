import { type ChunkOptions, chunkText } from '../chunk-text.js';
import { crc32 } from '../kernel/crc32.js';
import type { KeywordAnalyzerOptions } from '../keyword-analyzer.js';
import { KEYWORD_FIELDS, keywordMiniSearch } from '../keyword-index.js';
import type { DocumentInput } from '../knowledge-base-types.js';
import type { Chunk } from '../knowledge-document.js';
import { RagInputError } from '../rag-errors.js';
import type { PdfOptions } from '../readers/pdf-to-text.js';
import { detectFormat, readDocument } from '../readers/read-document.js';
import { KnowledgeBuildError } from './knowledge-index-errors.js';
import {
  documentFile,
  encodeChecksums,
  gzip,
  KNOWLEDGE_INDEX_FORMAT,
  KNOWLEDGE_INDEX_VERSION,
  type KnowledgeDocumentFile,
  type KnowledgeIndexRoot,
  ROOT_FILE,
  shardOf,
  termsFile,
} from './knowledge-index-format.js';

/** Options of {@link buildKnowledgeIndex}. */
export interface BuildKnowledgeIndexOptions {
  /** The same chunking as the browser's knowledge base; default 500 / 50 characters. */
  chunking?: ChunkOptions;
  /** Stemming on (default) or off; English stop words on (default) or off (`stopWords: false`). */
  analyzer?: Pick<KeywordAnalyzerOptions, 'stemming'> & { stopWords?: false };
  pdf?: PdfOptions;
  /** Uncompressed postings per term shard the shard count aims at; default 24 KiB. */
  shardBytes?: number;
  /** Clock, for reproducible builds. */
  now?: () => number;
}

/** A built index: its files by path (relative to the folder that holds them) and its root. */
export interface BuiltKnowledgeIndex {
  files: Map<string, Uint8Array>;
  root: KnowledgeIndexRoot;
}

interface ReadDocument {
  input: DocumentInput;
  title: string;
  format: KnowledgeDocumentFile['format'];
  text: string;
  chunks: Chunk[];
}

/**
 * Builds the split index the widget's `knowledge="/knowledge/"` reads: documents are read and chunked
 * exactly as `createKnowledgeBase().add` does, indexed by the same MiniSearch setup, and written as
 * term shards, one file per document, and a small root with checksums. Refuses (with every name) when
 * any document cannot be read.
 */
export async function buildKnowledgeIndex(
  inputs: readonly DocumentInput[],
  options: BuildKnowledgeIndexOptions = {},
): Promise<BuiltKnowledgeIndex> {
  const documents = await readAll(inputs, options);
  const analyzer = {
    stemming: options.analyzer?.stemming ?? true,
    stopWords: options.analyzer?.stopWords !== false,
  };
  const search = keywordMiniSearch({
    stemming: analyzer.stemming,
    ...(analyzer.stopWords ? {} : { stopWords: false as const }),
  });
  const owner: [number, number][] = [];
  documents.forEach((document, d) => {
    for (const chunk of document.chunks) {
      search.add({
        id: String(owner.length),
        text: chunk.text,
        title: document.title,
        ...(chunk.section ? { section: chunk.section } : {}),
      });
      owner.push([d, chunk.index]);
    }
  });
  const json = search.toJSON();
  const shardTerms = shardPostings(json.index, json.fieldLength, owner, options.shardBytes ?? 24 * 1024);
  const plain = new Map<string, string>();
  const withBuild = (build: string) => (body: object) => JSON.stringify({ build, ...body });
  // The build id is the CRC of every file's content without it, so it changes when anything does.
  const bodies = {
    terms: shardTerms.map((terms) => ({ terms })),
    documents: documents.map(documentBody),
  };
  const build = crc32(new TextEncoder().encode(JSON.stringify(bodies)))
    .toString(16)
    .padStart(8, '0');
  for (const [n, body] of bodies.terms.entries()) plain.set(termsFile(n), withBuild(build)(body));
  for (const [n, body] of bodies.documents.entries()) plain.set(documentFile(n), withBuild(build)(body));
  const checksums = new Map([...plain].map(([path, text]) => [path, crc32(new TextEncoder().encode(text))]));
  const chunking = { size: options.chunking?.size ?? 500, overlap: options.chunking?.overlap ?? 50 };
  const root: KnowledgeIndexRoot = {
    format: KNOWLEDGE_INDEX_FORMAT,
    version: KNOWLEDGE_INDEX_VERSION,
    build,
    createdAt: new Date((options.now ?? Date.now)()).toISOString(),
    documents: documents.length,
    chunks: owner.length,
    averageFieldLength: KEYWORD_FIELDS.map((_, f) => json.averageFieldLength[f] ?? 0),
    shards: shardTerms.length,
    checksums: {
      terms: encodeChecksums(shardTerms.map((_, n) => checksums.get(termsFile(n))!)),
      documents: encodeChecksums(documents.map((_, n) => checksums.get(documentFile(n))!)),
    },
    analyzer,
    chunking,
  };
  const files = new Map<string, Uint8Array>([
    [ROOT_FILE, new TextEncoder().encode(JSON.stringify(root, null, 1))],
  ]);
  for (const [path, text] of plain) files.set(path, await gzip(new TextEncoder().encode(text)));
  return { files, root };
}

/** Reads and chunks every document; throws {@link KnowledgeBuildError} naming each one that fails. */
async function readAll(
  inputs: readonly DocumentInput[],
  options: BuildKnowledgeIndexOptions,
): Promise<ReadDocument[]> {
  const failures: { source: string; reason: string }[] = [];
  const read: ReadDocument[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    try {
      if (seen.has(input.source)) throw new RagInputError('listed twice');
      seen.add(input.source);
      const format = input.format ?? detectFormat(input.source, input.content, input.mimeType);
      const { text, title } = await readDocument(input.content, format, options.pdf);
      read.push({
        input,
        format,
        text,
        title: input.title ?? title ?? input.source.split(/[\\/]/).pop()!,
        chunks: chunkText(`document:${input.source}`, text, options.chunking),
      });
    } catch (error) {
      failures.push({ source: input.source, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  if (failures.length > 0) throw new KnowledgeBuildError(failures);
  return read;
}

function documentBody(document: ReadDocument): Omit<KnowledgeDocumentFile, 'build'> {
  return {
    source: document.input.source,
    title: document.title,
    format: document.format,
    metadata: { ...document.input.metadata },
    text: document.text,
    chunks: document.chunks.map((c) => (c.section ? [c.start, c.end, c.section] : [c.start, c.end])),
  };
}

/**
 * MiniSearch's index as shards: per term and field, postings [document delta, chunk index, term frequency,
 * field length], in chunk order. The shard count is a power of two sized so a shard holds about
 * `shardBytes` of postings.
 */
function shardPostings(
  index: [string, Record<string, Record<string, number>>][],
  fieldLength: Record<string, (number | undefined)[]>,
  owner: readonly [number, number][],
  shardBytes: number,
): Record<string, number[][]>[] {
  const postings = new Map<string, number[][]>();
  let size = 0;
  for (const [term, fields] of index) {
    const perField = KEYWORD_FIELDS.map((_, f) => {
      const run: number[] = [];
      let previous = 0;
      const entries = Object.entries(fields[f] ?? {}).map(([id, tf]) => [Number(id), tf] as const);
      entries.sort((a, b) => a[0] - b[0]);
      for (const [id, tf] of entries) {
        const [document, chunk] = owner[id]!;
        run.push(document - previous, chunk, tf, fieldLength[id]?.[f] ?? 0);
        previous = document;
      }
      return run;
    });
    while (perField.length > 1 && perField.at(-1)!.length === 0) perField.pop();
    postings.set(term, perField);
    size += term.length + 8 + perField.reduce((sum, run) => sum + run.length * 3, 0);
  }
  let shards = 1;
  while (size / shards > shardBytes) shards *= 2;
  const result = Array.from({ length: shards }, () => ({}) as Record<string, number[][]>);
  for (const [term, perField] of postings) result[shardOf(term, shards)]![term] = perField;
  return result;
}
