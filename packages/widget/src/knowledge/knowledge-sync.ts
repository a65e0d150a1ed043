import {
  detectFormat,
  KNOWLEDGE_INDEX_FORMAT,
  type KnowledgeBase,
  type KnowledgeDocument,
} from '@agent-chat/core';
import { formatBytes } from '../shared/format-bytes.js';
import { KnowledgeDocumentError } from '../shared/widget-errors.js';

/** Largest `knowledge` document indexed; bigger ones are skipped with a notice. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** Content types read as documents (besides a JSON manifest). */
const READABLE =
  /^(text\/(markdown|x-markdown|html|plain|csv|tab-separated-values)|application\/(pdf|xhtml\+xml))$/;
const KNOWN_EXTENSION = /\.(md|markdown|mdx|html?|xhtml|txt|csv|tsv|pdf)$/i;

/** What one sync did: documents (re)indexed, left as they were, and refused with the reason. */
export interface KnowledgeSyncResult {
  indexed: string[];
  unchanged: string[];
  failed: KnowledgeDocumentError[];
  /** Built indexes (`agent-chat knowledge build`) listed: a folder URL ending in `/`, or a root file. */
  indexes?: string[];
}

interface Entry {
  url: string;
  title?: string;
}

/**
 * Brings the knowledge base in line with the `knowledge` attribute: manifests are expanded, each
 * document is asked for with its stored ETag / Last-Modified (a 304 costs no download) and indexed again
 * only when its bytes changed (SHA-256). A document that fails keeps its previous copy; documents no longer
 * listed are removed. Never throws for one document: its failure is in `failed`.
 */
export async function syncKnowledge(
  kb: KnowledgeBase,
  urls: readonly string[],
  signal?: AbortSignal,
): Promise<KnowledgeSyncResult> {
  const result: KnowledgeSyncResult = { indexed: [], unchanged: [], failed: [] };
  const stored = new Map(
    (await kb.documents()).filter((d) => d.metadata.origin === 'knowledge').map((d) => [d.source, d]),
  );
  const entries: Entry[] = [];
  const indexes: string[] = [];
  for (const url of urls) {
    if (new URL(url).pathname.endsWith('/')) indexes.push(url);
    else if (!/\.json(?:[?#].*)?$/i.test(url)) entries.push({ url });
    else
      await readManifest(url, signal).then(
        (listed) => (listed === 'index' ? indexes.push(url) : entries.push(...listed)),
        (error: KnowledgeDocumentError) => result.failed.push(error),
      );
  }
  if (indexes.length) result.indexes = indexes;
  // A few at a time: a large site's documents are not all asked for at once.
  await inBatches(entries, async (entry) => {
    try {
      const changed = await syncOne(kb, entry, stored.get(entry.url), signal);
      (changed ? result.indexed : result.unchanged).push(entry.url);
    } catch (error) {
      if (signal?.aborted) throw error;
      result.failed.push(
        error instanceof KnowledgeDocumentError
          ? error
          : new KnowledgeDocumentError(
              entry.url,
              'unreadable',
              `could not be read (${String(error)}).`,
              error,
            ),
      );
    }
  });
  const listed = new Set(entries.map((e) => e.url));
  // A manifest that failed to load keeps its documents: only drop what a successful listing left out.
  if (!result.failed.some((f) => /\.json(?:[?#].*)?$/i.test(f.url))) {
    const gone = [...stored.values()].filter((d) => !listed.has(d.source)).map((d) => d.id);
    if (gone.length) await kb.remove(gone);
  }
  return result;
}

/** A manifest's entries, or `index` for the root file of a built index. */
/** Runs `work` over `items` with at most `limit` running at once. */
async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>, limit = 6): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function readManifest(url: string, signal?: AbortSignal): Promise<Entry[] | 'index'> {
  const response = await get(url, {}, signal);
  const body = (await response.json().catch(() => undefined)) as
    | { documents?: unknown; format?: unknown }
    | undefined;
  if (body?.format === KNOWLEDGE_INDEX_FORMAT) return 'index';
  const documents = Array.isArray(body?.documents) ? body.documents : undefined;
  if (!documents)
    throw new KnowledgeDocumentError(
      url,
      'unsupported-type',
      'is not a knowledge manifest; it must be JSON {"documents":[{"url":"…","title":"…"}]}.',
    );
  return documents.flatMap((d: { url?: unknown; title?: unknown }) =>
    typeof d?.url === 'string'
      ? [{ url: new URL(d.url, url).href, ...(typeof d.title === 'string' ? { title: d.title } : {}) }]
      : [],
  );
}

/** Fetches and indexes one document; resolves with whether it was (re)indexed. */
async function syncOne(
  kb: KnowledgeBase,
  entry: Entry,
  previous: KnowledgeDocument | undefined,
  signal?: AbortSignal,
): Promise<boolean> {
  const validators: Record<string, string> = {};
  if (typeof previous?.metadata.etag === 'string') validators['If-None-Match'] = previous.metadata.etag;
  if (typeof previous?.metadata.lastModified === 'string')
    validators['If-Modified-Since'] = previous.metadata.lastModified;
  const response = await get(entry.url, validators, signal);
  if (response.status === 304 && previous) return false;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (
    !READABLE.test(type) &&
    !(type === '' || type === 'application/octet-stream' ? KNOWN_EXTENSION.test(entry.url) : false)
  )
    throw new KnowledgeDocumentError(
      entry.url,
      'unsupported-type',
      `has the type ${type || 'unknown'}, which is not read; use Markdown, HTML, PDF, plain text or CSV.`,
    );
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_DOCUMENT_BYTES) throw tooLarge(entry.url, declared);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw tooLarge(entry.url, bytes.byteLength);
  const hash = await sha256(bytes);
  const metadata = {
    origin: 'knowledge',
    hash,
    ...(response.headers.get('etag') ? { etag: response.headers.get('etag')! } : {}),
    ...(response.headers.get('last-modified')
      ? { lastModified: response.headers.get('last-modified')! }
      : {}),
  };
  // Same bytes under new validators (a server that does not keep ETags): nothing to index again.
  if (previous?.metadata.hash === hash && previous.metadata.etag === metadata.etag) return false;
  await kb.add(
    {
      source: entry.url,
      content: bytes,
      format: detectFormat(entry.url, bytes, type || undefined),
      ...(entry.title ? { title: entry.title } : {}),
      metadata,
    },
    signal,
  );
  return true;
}

async function get(url: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    // no-store: the validators are ours, so a 304 reaches this code instead of the HTTP cache's copy.
    response = await fetch(url, {
      headers,
      cache: 'no-store',
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new KnowledgeDocumentError(url, 'not-found', `could not be reached (${String(error)}).`, error);
  }
  if (!response.ok && response.status !== 304)
    throw new KnowledgeDocumentError(url, 'not-found', `answered HTTP ${response.status}.`);
  return response;
}

function tooLarge(url: string, bytes: number): KnowledgeDocumentError {
  return new KnowledgeDocumentError(
    url,
    'too-large',
    `is ${formatBytes(bytes)}; knowledge documents can be at most ${formatBytes(MAX_DOCUMENT_BYTES)}.`,
  );
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
