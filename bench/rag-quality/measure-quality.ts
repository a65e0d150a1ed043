// Measures each library on Cranfield; bundled by index.ts with esbuild, because Node cannot load
// @agent-chat/core's TypeScript source (imports with .js extensions) without a build.
import { keywordIndex } from '@agent-chat/core';
import { create, insertMultiple, search } from '@orama/orama';
import MiniSearch from 'minisearch';
import { loadCranfield } from './cranfield.ts';
import { evaluate } from './evaluate.ts';

/** Scores of one subject. */
export interface QualityResult {
  subject: 'agent-chat' | 'minisearch' | 'orama';
  ndcg10: number;
  map100: number;
  msPerQuery: number;
}

/** Runs every subject over the collection in `dir`. */
export async function measureQuality(dir: string): Promise<QualityResult[]> {
  const collection = loadCranfield(dir);
  const results: QualityResult[] = [];

  const ours = keywordIndex();
  ours.add(collection.docs);
  results.push({
    subject: 'agent-chat',
    ...(await evaluate(collection, (query) => ours.search(query, 100).map((hit) => hit.id))),
  });

  const mini = new MiniSearch<{ id: string; title: string; text: string }>({ fields: ['title', 'text'] });
  mini.addAll(collection.docs);
  results.push({
    subject: 'minisearch',
    ...(await evaluate(collection, (query) =>
      mini
        .search(query)
        .slice(0, 100)
        .map((result) => String(result.id)),
    )),
  });

  const db = create({ schema: { id: 'string', title: 'string', text: 'string' } as const });
  await insertMultiple(db, collection.docs);
  results.push({
    subject: 'orama',
    ...(await evaluate(collection, async (query) =>
      (await search(db, { term: query, limit: 100 })).hits.map((hit) => hit.document.id),
    )),
  });
  return results;
}
