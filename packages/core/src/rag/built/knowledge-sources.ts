/// <reference types="node" />
// Node only: the documents of `agent-chat knowledge build`, from a folder or a JSON manifest.
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import type { DocumentInput } from '../knowledge-base-types.js';
import { KnowledgeBuildError } from './knowledge-index-errors.js';

/** Extensions read from a folder (the formats the browser's knowledge base reads). */
const READABLE = new Set([
  '.md',
  '.markdown',
  '.mdx',
  '.html',
  '.htm',
  '.xhtml',
  '.txt',
  '.csv',
  '.tsv',
  '.pdf',
]);

/** Options of {@link knowledgeSources}. */
export interface KnowledgeSourcesOptions {
  /**
   * The URL the documents are published under, so search results link to them: a folder's file
   * `guide/install.md` becomes `<baseUrl>guide/install.md`. Default `/` (the site's root). A manifest's
   * relative URLs are resolved against it too when given, and kept as written otherwise.
   */
  baseUrl?: string;
}

/**
 * The documents under `input`: every readable file of a folder (recursively, in name order), or the
 * entries of a manifest `{"documents":[{"url":"…","title":"…"}]}` (paths relative to the manifest, or
 * http(s) URLs, fetched). Throws {@link KnowledgeBuildError} naming each document that cannot be read.
 */
export async function knowledgeSources(
  input: string,
  options: KnowledgeSourcesOptions = {},
): Promise<DocumentInput[]> {
  const info = await stat(input).catch(() => undefined);
  if (!info) throw new KnowledgeBuildError([{ source: input, reason: 'no such file or folder' }]);
  return info.isDirectory()
    ? fromFolder(input, options.baseUrl ?? '/')
    : fromManifest(input, options.baseUrl);
}

async function fromFolder(folder: string, baseUrl: string): Promise<DocumentInput[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile() && READABLE.has(extname(e.name).toLowerCase()))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const failures: { source: string; reason: string }[] = [];
  const documents: DocumentInput[] = [];
  for (const path of paths) {
    const source = joinUrl(baseUrl, relative(folder, path).split(sep).join('/'));
    await readFile(path).then(
      (content) => documents.push({ source, content: new Uint8Array(content) }),
      (error: Error) => failures.push({ source: path, reason: error.message }),
    );
  }
  if (failures.length) throw new KnowledgeBuildError(failures);
  return documents;
}

async function fromManifest(manifest: string, baseUrl: string | undefined): Promise<DocumentInput[]> {
  let listed: { url?: unknown; title?: unknown }[];
  try {
    const body = JSON.parse(await readFile(manifest, 'utf8')) as { documents?: unknown };
    if (!Array.isArray(body.documents)) throw new Error('no "documents" array');
    listed = body.documents as { url?: unknown; title?: unknown }[];
  } catch (error) {
    throw new KnowledgeBuildError([
      {
        source: manifest,
        reason: `not a knowledge manifest {"documents":[{"url":"…","title":"…"}]} (${(error as Error).message})`,
      },
    ]);
  }
  const failures: { source: string; reason: string }[] = [];
  const documents: DocumentInput[] = [];
  for (const entry of listed) {
    if (typeof entry?.url !== 'string') {
      failures.push({ source: JSON.stringify(entry), reason: 'an entry without a "url"' });
      continue;
    }
    const url = entry.url;
    const remote = /^https?:\/\//i.test(url);
    const source = remote || baseUrl === undefined ? url : joinUrl(baseUrl, url);
    try {
      const content = remote
        ? await download(url)
        : new Uint8Array(await readFile(join(dirname(manifest), url)));
      documents.push({ source, content, ...(typeof entry.title === 'string' ? { title: entry.title } : {}) });
    } catch (error) {
      failures.push({ source: url, reason: (error as Error).message });
    }
  }
  if (failures.length) throw new KnowledgeBuildError(failures);
  return documents;
}

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const joinUrl = (base: string, path: string) =>
  (base.endsWith('/') ? base : `${base}/`) + path.replace(/^\.?\//, '');
