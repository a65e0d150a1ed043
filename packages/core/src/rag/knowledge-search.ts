import type { KnowledgeIndex } from './built/knowledge-index-reader.js';
import type { SearchOptions, SearchResult } from './knowledge-base-types.js';
import type { KnowledgeState } from './knowledge-state.js';
import { type FusedHit, reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import type { SearchHit } from './search-hit.js';

/** Hybrid search (keyword + vector, fused by RRF), or keyword-only when there are no vectors. */
export async function searchKnowledge(
  kb: KnowledgeState,
  query: string,
  searchOptions: SearchOptions,
): Promise<SearchResult> {
  await kb.ready();
  const stale = kb.expired();
  if (stale.length > 0) await kb.drop(stale, 'expired');
  const { built, options, chunks } = kb;
  const k = searchOptions.k ?? 5;
  const n = Math.max(searchOptions.candidates ?? 30, k);
  const { conversationId, signal } = searchOptions;
  const allowed = (chunkId: string) => {
    const chunk = chunks.get(chunkId);
    const document = chunk && kb.documents.get(chunk.documentId);
    return document !== undefined && kb.visible(document, conversationId);
  };
  // Over-fetch, then filter to what this conversation may see.
  const local = (await kb.keywords.search(query, n * 3)).filter((h) => allowed(h.id));
  const ranking = built ? await built.rank(query, n) : undefined;
  const keywordIds = [...local.slice(0, n), ...(ranking?.hits ?? [])]
    .sort((a, b) => b.score - a.score)
    .slice(0, n)
    .map((h) => h.id);
  const vectorIds = (await kb.vectors.search(query, n * 3, signal))?.filter(allowed).slice(0, n);
  const fused = reciprocalRankFusion(vectorIds ? [keywordIds, vectorIds] : [keywordIds]);
  let hits = await searchHits(kb, built, fused.slice(0, options.rerank ? n : k));
  if (options.rerank && hits.length > 0)
    hits = (await options.rerank(query, hits, signal ? { signal } : {})).slice(0, k);
  const mode = vectorIds ? 'hybrid' : 'keyword';
  const notes = [
    mode === 'keyword'
      ? `Keyword search only: ${kb.vectors.reason ?? 'no vectors are available'}.`
      : undefined,
    ...(ranking?.errors ?? []).map((error) => error.message),
  ].filter(Boolean);
  return { mode, ...(notes.length ? { note: notes.join(' ') } : {}), hits };
}

/** The fused ids as hits: chunks added here from memory, the rest from the built index. */
async function searchHits(
  kb: KnowledgeState,
  built: KnowledgeIndex | undefined,
  shown: FusedHit[],
): Promise<SearchHit[]> {
  const { chunks } = kb;
  const fromIndex = built
    ? await built.hits(shown.map((h) => h.id).filter((id) => !chunks.has(id)))
    : undefined;
  return shown.flatMap(({ id, score, ranks }) => {
    const ranked = {
      score,
      ...(ranks[0] ? { keywordRank: ranks[0] } : {}),
      ...(ranks[1] ? { vectorRank: ranks[1] } : {}),
    };
    const chunk = chunks.get(id);
    if (!chunk) {
      const hit = fromIndex?.get(id);
      return hit ? [{ ...hit, ...ranked }] : [];
    }
    const document = kb.documents.get(chunk.documentId)!;
    return [
      {
        chunkId: id,
        documentId: document.id,
        source: document.source,
        title: document.title,
        ...(chunk.section ? { section: chunk.section } : {}),
        text: chunk.text,
        metadata: document.metadata,
        ...ranked,
      },
    ];
  });
}
