// The files of a built knowledge index (`agent-chat knowledge build`), shared by the build step and the
// reader. A folder holds:
//   index.json            the root: format version, corpus statistics, shard count, each file's CRC-32
//   terms/<n>.json.gz     BM25 postings of the terms whose hash falls in shard n
//   docs/<n>.json.gz      document n: source (a link), title, text and its chunks' offsets
// Every file but the root is gzip-compressed JSON; its checksum is the CRC-32 of the uncompressed bytes,
// so a server that sends it with `Content-Encoding: gzip` (already inflated) still verifies.

import type { DocumentFormat, Metadata } from '../knowledge-document.js';

export const KNOWLEDGE_INDEX_FORMAT = 'agent-chat-knowledge';
/** Raised whenever the files change shape; a reader refuses other versions by name. */
export const KNOWLEDGE_INDEX_VERSION = 1;
export const ROOT_FILE = 'index.json';

/** The root file, `index.json`. */
export interface KnowledgeIndexRoot {
  format: typeof KNOWLEDGE_INDEX_FORMAT;
  version: number;
  /** Changes with any file's content; every file repeats it, so a stale copy is told from a current one. */
  build: string;
  createdAt: string;
  documents: number;
  chunks: number;
  /** MiniSearch's average field lengths (text, title, section), as its BM25 uses them. */
  averageFieldLength: number[];
  shards: number;
  /** Base64 of the little-endian CRC-32s of terms/0…, and of docs/0…. */
  checksums: { terms: string; documents: string };
  analyzer: { stemming: boolean; stopWords: boolean };
  chunking: { size: number; overlap: number };
}

/** A shard: for each term, per field (text, title, section), postings as flat runs of [document delta, chunk, tf, field length]. */
export interface KnowledgeShard {
  build: string;
  terms: Record<string, number[][]>;
}

/** A document file: what a hit shows and cites, and the text its chunks are cut from. */
export interface KnowledgeDocumentFile {
  build: string;
  source: string;
  title: string;
  format: DocumentFormat;
  metadata: Metadata;
  text: string;
  /** Per chunk: [start, end] or [start, end, section]. */
  chunks: ([number, number] | [number, number, string])[];
}

export const termsFile = (shard: number) => `terms/${shard}.json.gz`;
export const documentFile = (document: number) => `docs/${document}.json.gz`;

/** FNV-1a of a term's UTF-16 code units: which shard holds it. */
export function shardOf(term: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

export function encodeChecksums(values: readonly number[]): string {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (const [i, value] of values.entries()) view.setUint32(i * 4, value, true);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeChecksums(encoded: string): Uint32Array {
  const binary = atob(encoded);
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
  const values = new Uint32Array(binary.length / 4);
  for (let i = 0; i < values.length; i++) values[i] = view.getUint32(i * 4, true);
  return values;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const source = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(source).arrayBuffer());
}

export const gzip = (bytes: Uint8Array) => pipe(bytes, new CompressionStream('gzip'));

/** Inflates gzip bytes; bytes without the gzip magic (inflated by the HTTP layer) are returned as they are. */
export const gunzip = (bytes: Uint8Array) =>
  bytes[0] === 0x1f && bytes[1] === 0x8b
    ? pipe(bytes, new DecompressionStream('gzip'))
    : Promise.resolve(bytes);
