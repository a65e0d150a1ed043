import { crc32 } from '../kernel/crc32.js';
import { KnowledgeFileError } from './knowledge-index-errors.js';
import { gunzip } from './knowledge-index-format.js';

/** Where a reader keeps the index files it fetched (e.g. IndexedDB), keyed by root URL, path and checksum. */
export interface KnowledgeFileCache {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, bytes: Uint8Array): Promise<void>;
}

/** Fetches, verifies and parses the files of one built index, each at most once. */
export function knowledgeFiles(options: {
  rootUrl: string;
  build: string;
  fetch: typeof fetch;
  cache?: KnowledgeFileCache | undefined;
}) {
  const loaded = new Map<string, Promise<unknown>>();
  const decoder = new TextDecoder();

  async function download(path: string, mode: RequestCache): Promise<Uint8Array | undefined> {
    let response: Response;
    try {
      response = await options.fetch(new URL(path, options.rootUrl), {
        cache: mode,
        credentials: 'same-origin',
      });
    } catch {
      return undefined;
    }
    if (!response.ok) return undefined;
    try {
      return await gunzip(new Uint8Array(await response.arrayBuffer()));
    } catch {
      return new Uint8Array(0);
    }
  }

  const verified = (bytes: Uint8Array | undefined, checksum: number) =>
    bytes !== undefined && crc32(bytes) === checksum ? bytes : undefined;

  /** Parses bytes that passed their checksum; a copy of another build (stale) is refused. */
  const parse = <T>(bytes: Uint8Array | undefined): T | undefined => {
    if (!bytes) return undefined;
    const body = JSON.parse(decoder.decode(bytes)) as { build?: unknown };
    return body.build === options.build ? (body as T) : undefined;
  };

  async function fetchVerified<T>(path: string, checksum: number): Promise<T> {
    const key = `${options.rootUrl}|${path}|${checksum}`;
    const cached = parse<T>(verified(await options.cache?.get(key).catch(() => undefined), checksum));
    if (cached) return cached;
    let bytes = await download(path, 'default');
    let body = parse<T>(verified(bytes, checksum));
    if (!body) {
      // A stale HTTP-cached copy, a truncated transfer or a file missing for a moment: ask the server again.
      bytes = await download(path, 'reload');
      body = parse<T>(verified(bytes, checksum));
    }
    if (!body)
      throw new KnowledgeFileError(
        bytes === undefined ? 'knowledge_file_missing' : 'knowledge_file_corrupt',
        path,
        bytes === undefined ? 'could not be fetched' : 'failed its checksum (or is from another build)',
      );
    void options.cache?.put(key, verified(bytes, checksum)!).catch(() => undefined);
    return body;
  }

  return {
    /** The parsed file; a failure is not remembered, so the next search tries again. */
    get<T>(path: string, checksum: number): Promise<T> {
      let file = loaded.get(path) as Promise<T> | undefined;
      if (!file) {
        file = fetchVerified<T>(path, checksum);
        loaded.set(path, file);
        file.catch(() => loaded.delete(path));
      }
      return file;
    },
  };
}
