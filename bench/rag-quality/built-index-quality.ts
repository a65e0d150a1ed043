// Retrieval quality of the two ways a site's documents reach the knowledge base: added in the browser
// (`createKnowledgeBase().add`) and built once (`buildKnowledgeIndex`, read through `openKnowledgeIndex`).
// Both go through the knowledge base's own search (chunks, then documents in rank order).
import {
  buildKnowledgeIndex,
  createKnowledgeBase,
  type KnowledgeBase,
  openKnowledgeIndex,
} from '@agent-chat/core';
import type { Cranfield } from './cranfield.ts';
import { evaluate } from './evaluate.ts';

const ROOT = 'https://bench.invalid/knowledge/';

/** Document ids best first: the order of each document's best chunk. */
async function rankedDocuments(kb: KnowledgeBase, query: string): Promise<string[]> {
  const { hits } = await kb.search(query, { k: 100, candidates: 100 });
  return [...new Set(hits.map((h) => h.source.slice(h.source.lastIndexOf('/') + 1)))];
}

/** nDCG@10 and MAP@100 of the in-browser knowledge base and of the built index over the same documents. */
export async function builtIndexQuality(collection: Cranfield) {
  const inputs = collection.docs.map((d) => ({
    source: `/cranfield/${d.id}`,
    title: d.title,
    content: d.text,
    format: 'text' as const,
  }));
  const inBrowser = createKnowledgeBase();
  for (const input of inputs) await inBrowser.add(input);
  const { files } = await buildKnowledgeIndex(inputs);
  const serve = (async (url: string | URL) => {
    const bytes = files.get(String(url).slice(ROOT.length));
    return bytes ? new Response(bytes as Uint8Array<ArrayBuffer>) : new Response(null, { status: 404 });
  }) as typeof fetch;
  const built = createKnowledgeBase({ index: await openKnowledgeIndex(ROOT, { fetch: serve }) });
  return {
    inBrowser: await evaluate(collection, (query) => rankedDocuments(inBrowser, query)),
    built: await evaluate(collection, (query) => rankedDocuments(built, query)),
  };
}
