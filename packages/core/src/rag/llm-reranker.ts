import type { ChatModel } from '../model/chat-model.js';
import type { Reranker, SearchHit } from './search-hit.js';

/** Options of {@link llmReranker}. */
export interface LlmRerankerOptions {
  /** How many hits to keep after reranking; default 6. */
  keep?: number;
  /** Characters of each passage shown to the model; default 700. */
  passageChars?: number;
}

/**
 * An opt-in rerank step: the model reads the fused candidates and orders them by relevance to the
 * query, keeping the best few. When the model fails or answers nonsense, the fused order is kept,
 * so reranking can only cost time, never results.
 */
export function llmReranker(model: ChatModel, options: LlmRerankerOptions = {}): Reranker {
  const keep = options.keep ?? 6;
  const passageChars = options.passageChars ?? 700;
  return async (query, hits, { signal }) => {
    if (hits.length <= 1) return hits.slice(0, keep);
    const passages = hits
      .map(
        (hit, i) => `[${i + 1}] ${hit.section ? `(${hit.section}) ` : ''}${hit.text.slice(0, passageChars)}`,
      )
      .join('\n\n');
    let answer = '';
    try {
      for await (const event of model.stream(
        {
          messages: [
            {
              role: 'system',
              content:
                'You rank passages by how well they help answer a question. Reply with JSON only: ' +
                '{"ranking": [passage numbers, most relevant first]}. Leave out passages that do not help.',
            },
            { role: 'user', content: `Question: ${query}\n\nPassages:\n${passages}` },
          ],
          temperature: 0,
        },
        signal ? { signal } : {},
      )) {
        if (event.type === 'text-delta') answer += event.text;
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      return hits.slice(0, keep);
    }
    const order = parseRanking(answer, hits.length);
    if (order.length === 0) return hits.slice(0, keep);
    return order.slice(0, keep).map((i) => hits[i]!) as SearchHit[];
  };
}

/** 0-based indexes from `{"ranking":[3,1]}` (or a bare array), valid and without repeats. */
function parseRanking(answer: string, count: number): number[] {
  const json = /\{[\s\S]*\}|\[[\s\S]*\]/.exec(answer)?.[0];
  if (!json) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { ranking?: unknown })?.ranking;
  if (!Array.isArray(list)) return [];
  const seen = new Set<number>();
  for (const n of list) if (Number.isInteger(n) && n >= 1 && n <= count) seen.add(n - 1);
  return [...seen];
}
