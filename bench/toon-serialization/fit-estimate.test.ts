import { describe, expect, it } from 'vitest';
import { fitWeights } from './fit-estimate.ts';

describe('fitWeights', () => {
  it('recovers the weights that produced the counts', () => {
    const truth = [0.25, 2, 0.5];
    const samples = [
      [100, 3, 10],
      [40, 20, 5],
      [10, 1, 80],
      [60, 8, 30],
    ].map((features) => ({ features, tokens: features.reduce((s, f, i) => s + f * truth[i]!, 0) }));
    expect(fitWeights(samples)).toEqual(truth);
  });

  it('keeps every weight non-negative', () => {
    const samples = [
      { features: [10, 5], tokens: 10 },
      { features: [20, 1], tokens: 21 },
      { features: [5, 9], tokens: 4 },
    ];
    expect(fitWeights(samples).every((w) => w >= 0)).toBe(true);
  });
});
