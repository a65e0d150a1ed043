import { describe, expect, it } from 'vitest';
import { keywordAnalyzer } from './keyword-analyzer.js';
import { keywordIndex } from './keyword-index.js';

describe('keywordIndex', () => {
  const docs = [
    { id: 'flow', text: 'Laminar flows over heated plates become turbulent at high Reynolds numbers.' },
    {
      id: 'wing',
      text: 'The wing was tested in a slipstream to measure the lift increase.',
      title: 'Wing tests',
    },
    { id: 'noise', text: 'What is the noise of the engine?' },
  ];

  it('matches inflected forms through stemming and ignores stop words', () => {
    const index = keywordIndex();
    index.add(docs);
    expect(index.search('flowing plate', 5).map((h) => h.id)).toEqual(['flow']);
    // "what is the of" are all stop words: no document wins on them.
    expect(index.search('what is the of', 5)).toEqual([]);
    expect(index.search('wings lifting', 5)[0]).toMatchObject({ id: 'wing' });
  });

  it('replaces an entry added again under the same id, and removes by id', () => {
    const index = keywordIndex();
    index.add(docs);
    index.add([{ id: 'noise', text: 'Acoustic fatigue of panels.' }]);
    expect(index.size()).toBe(3);
    expect(index.search('engine noise', 5)).toEqual([]);
    expect(index.search('acoustic', 5)[0]!.id).toBe('noise');
    index.remove(['noise', 'missing']);
    expect(index.search('acoustic', 5)).toEqual([]);
  });

  it('ranks by BM25: a rarer matched term outweighs a common one', () => {
    const index = keywordIndex();
    index.add([
      { id: 'a', text: 'pressure pressure distribution' },
      { id: 'b', text: 'pressure hypersonic' },
      { id: 'c', text: 'pressure values' },
      { id: 'd', text: 'pressure again' },
    ]);
    expect(index.search('hypersonic pressure', 4)[0]!.id).toBe('b');
  });

  it('analyzer: lower-cases, stems, keeps numbers and drops stop words', () => {
    const analyze = keywordAnalyzer();
    expect(['Flows', 'THE', 'boundary-layer', '1958'].map(analyze)).toEqual([
      'flow',
      null,
      'boundary-layer',
      '1958',
    ]);
    expect(keywordAnalyzer({ stemming: false, stopWords: false })('The')).toBe('the');
  });
});
