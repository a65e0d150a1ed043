import { describe, expect, it } from 'vitest';
import { mockModel } from '../test/mock-model.js';
import { llmReranker } from './llm-reranker.js';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import type { SearchHit } from './search-hit.js';

const hit = (n: number): SearchHit => ({
  chunkId: `c${n}`,
  documentId: 'd',
  source: 's',
  title: 't',
  text: `passage ${n}`,
  metadata: {},
  score: 1 / n,
});

describe('reciprocalRankFusion', () => {
  it('adds 1/(60 + rank) per list, so agreement beats a single first place', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'd'],
    ]);
    expect(fused.map((h) => h.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]).toEqual({ id: 'b', score: 1 / 62 + 1 / 61, ranks: [2, 1] });
    expect(fused[2]!.ranks).toEqual([undefined, 2]);
  });
});

describe('llmReranker', () => {
  it('orders hits as the model ranks them and keeps the best few', async () => {
    const model = mockModel([{ text: 'Sure: {"ranking": [3, 1, 3, 9]}' }]);
    const reranked = await llmReranker(model, { keep: 2 })('which passage?', [hit(1), hit(2), hit(3)], {});
    expect(reranked.map((h) => h.chunkId)).toEqual(['c3', 'c1']);
    const prompt = model.requests[0]!.messages.at(-1)!.content;
    expect(prompt).toContain('Question: which passage?');
    expect(prompt).toContain('[2] passage 2');
  });

  it('keeps the fused order when the model answers nonsense or fails', async () => {
    const hits = [hit(1), hit(2), hit(3)];
    expect(await llmReranker(mockModel([{ text: 'no idea' }]))('q', hits, {})).toEqual(hits);
    const failing = {
      ...mockModel([]),
      stream: () => {
        throw new Error('down');
      },
    };
    expect(await llmReranker(failing, { keep: 1 })('q', hits, {})).toEqual([hits[0]]);
  });
});
