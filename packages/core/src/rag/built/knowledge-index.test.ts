import { describe, expect, it } from 'vitest';
import { keywordAnalyzer } from '../keyword-analyzer.js';
import { keywordIndex } from '../keyword-index.js';
import { createKnowledgeBase } from '../knowledge-base.js';
import { minimalPdf } from '../testing/minimal-pdf.js';
import { buildKnowledgeIndex } from './build-knowledge-index.js';
import {
  KnowledgeBuildError,
  KnowledgeFileError,
  KnowledgeIndexVersionError,
} from './knowledge-index-errors.js';
import type { KnowledgeFileCache } from './knowledge-index-files.js';
import { openKnowledgeIndex } from './knowledge-index-reader.js';

const ROOT = 'https://docs.example/knowledge/';

const topics = ['install', 'billing', 'export', 'webhooks', 'permissions', 'backup', 'search', 'themes'];
const documents = Array.from({ length: 40 }, (_, i) => ({
  source: `/guide/${i}.md`,
  content:
    `# ${topics[i % topics.length]} guide ${i}\n\n` +
    `## Overview\n\nThis page explains ${topics[i % topics.length]} and ${topics[(i * 3) % topics.length]} in detail. `.repeat(
      3,
    ) +
    `\n\n## Details\n\nThe code name of release ${i} is ${i === 23 ? 'pelican-moon' : `r${i}`}. ` +
    'Flows and flowing water are mentioned to exercise stemming. '.repeat(2),
}));

/** A fetch over the built files that counts requests and can damage or drop them. */
function serve(files: Map<string, Uint8Array>) {
  const requests: string[] = [];
  const damaged = new Set<string>();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).slice(ROOT.length);
    requests.push(`${path}${init?.cache === 'reload' ? ' (reload)' : ''}`);
    const bytes = files.get(path);
    if (!bytes) return new Response('not found', { status: 404 });
    const body = damaged.has(path) ? bytes.map((b, i) => (i === 40 ? b ^ 0xff : b)) : bytes;
    return new Response(body as Uint8Array<ArrayBuffer>);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, damaged };
}

describe('built knowledge index', () => {
  it('ranks exactly like the in-browser keyword index, fetching only the shards a query needs', async () => {
    const { files, root } = await buildKnowledgeIndex(documents, { shardBytes: 1024 });
    expect(root.shards).toBeGreaterThan(4);
    const server = serve(files);
    const index = await openKnowledgeIndex(ROOT, { fetch: server.fetch });
    const kb = createKnowledgeBase();
    for (const d of documents) await kb.add(d);
    const inBrowser = keywordIndex();
    const chunkIds = new Map<string, string>();
    for (const document of await kb.documents())
      inBrowser.add(
        document.chunks.map((c) => {
          chunkIds.set(c.id, c.id);
          return {
            id: c.id,
            text: c.text,
            title: document.title,
            ...(c.section ? { section: c.section } : {}),
          };
        }),
      );
    for (const query of [
      'billing webhooks',
      'flowing flows',
      'code name pelican moon',
      'themes the of guide 7',
    ]) {
      const expected = inBrowser.search(query, 10);
      const ranked = await index.rank(query, 10);
      const hits = await index.hits(ranked.hits.map((h) => h.id));
      expect(ranked.errors).toEqual([]);
      expect(ranked.hits.map((h) => hits.get(h.id)!.chunkId)).toEqual(expected.map((h) => h.id));
      for (const [i, h] of ranked.hits.entries()) expect(h.score).toBeCloseTo(expected[i]!.score, 9);
    }
    const shardRequests = server.requests.filter((r) => r.startsWith('terms/'));
    expect(shardRequests.length).toBeLessThan(root.shards);
  });

  it('gives rag hits with a link to the source and its text through a knowledge base', async () => {
    const { files } = await buildKnowledgeIndex(documents);
    const server = serve(files);
    const kb = createKnowledgeBase({ index: await openKnowledgeIndex(ROOT, { fetch: server.fetch }) });
    const result = await kb.search('pelican moon', { k: 3 });
    expect(result.hits[0]).toMatchObject({
      source: 'https://docs.example/guide/23.md',
      documentId: 'document:/guide/23.md',
      title: '23.md',
    });
    expect(result.hits[0]!.text).toContain('pelican-moon');
    // Only the documents of the hits shown were fetched.
    expect(server.requests.filter((r) => r.startsWith('docs/')).length).toBeLessThanOrEqual(3);
  });

  it('fetches a stale or damaged shard again, and names one that stays corrupt while search goes on', async () => {
    const { files, root } = await buildKnowledgeIndex(documents, { shardBytes: 1024 });
    const server = serve(files);
    const stored = new Map<string, Uint8Array>();
    const cache: KnowledgeFileCache = {
      get: async (key) => stored.get(key),
      put: async (key, bytes) => void stored.set(key, bytes),
    };
    const index = await openKnowledgeIndex(ROOT, { fetch: server.fetch, cache });
    const { shardOf: shardOfTerm, termsFile } = await import('./knowledge-index-format.js');
    const shardOf = (word: string, shards: number) => shardOfTerm(keywordAnalyzer()(word)!, shards);
    const broken = termsFile(shardOf('billing', root.shards));
    server.damaged.add(broken);
    const ranked = await index.rank('billing webhooks', 5);
    expect(ranked.errors).toHaveLength(1);
    expect(ranked.errors[0]).toBeInstanceOf(KnowledgeFileError);
    expect(ranked.errors[0]).toMatchObject({ code: 'knowledge_file_corrupt', file: broken });
    expect(ranked.errors[0]!.message).toContain(broken);
    expect(server.requests).toContain(`${broken} (reload)`);
    // The other word's shard still answered (unless both words share the shard).
    if (shardOf('webhooks', root.shards) !== shardOf('billing', root.shards))
      expect(ranked.hits.length).toBeGreaterThan(0);
    // Repaired on the server: the next search fetches it again and uses it; it is kept in the cache.
    server.damaged.clear();
    expect((await index.rank('billing', 5)).errors).toEqual([]);
    expect([...stored.keys()].some((key) => key.includes(broken))).toBe(true);
    // A missing file is a typed error naming it.
    files.delete(termsFile(shardOf('permissions', root.shards)));
    const fresh = await openKnowledgeIndex(ROOT, { fetch: server.fetch });
    const missing = await fresh.rank('permissions', 5);
    expect(missing.errors[0]).toMatchObject({
      code: 'knowledge_file_missing',
      file: termsFile(shardOf('permissions', root.shards)),
    });
  });

  it('refuses an index of another format version by its URL and version', async () => {
    const { files } = await buildKnowledgeIndex(documents.slice(0, 2));
    const root = JSON.parse(new TextDecoder().decode(files.get('index.json')));
    files.set('index.json', new TextEncoder().encode(JSON.stringify({ ...root, version: 99 })));
    const error = await openKnowledgeIndex(ROOT, { fetch: serve(files).fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnowledgeIndexVersionError);
    expect((error as Error).message).toContain(`${ROOT}index.json is format version 99`);
  });

  it('reads PDF, HTML and CSV like the browser, and refuses unreadable documents by name', async () => {
    const pdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs') as never;
    const { root } = await buildKnowledgeIndex(
      [
        { source: 'a.pdf', content: minimalPdf([['Albatross facts']]) },
        { source: 'b.html', content: '<title>B</title><h1>Heron</h1><p>Herons wade.</p>' },
        { source: 'c.csv', content: 'bird,size\nswan,large' },
      ],
      { pdf: { load: pdfjs } },
    );
    expect(root.documents).toBe(3);
    const error = await buildKnowledgeIndex(
      [
        { source: 'good.md', content: '# ok' },
        { source: 'broken.pdf', content: new Uint8Array([1, 2, 3]) },
      ],
      { pdf: { load: pdfjs } },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnowledgeBuildError);
    expect((error as KnowledgeBuildError).failures.map((f) => f.source)).toEqual(['broken.pdf']);
    expect((error as Error).message).toContain('broken.pdf');
  });
});
