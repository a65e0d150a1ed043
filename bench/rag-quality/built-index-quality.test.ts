import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDataCandidates } from '../lib/shared-data.ts';
import { builtIndexQuality } from './built-index-quality.ts';
import { loadCranfield } from './cranfield.ts';

const dir = sharedDataCandidates(resolve(import.meta.dirname, '../..'), 'cranfield').find((path) =>
  existsSync(join(path, 'cran.all.1400')),
);

describe('built knowledge index on Cranfield', () => {
  // The collection lives outside the repository (bench/lib/shared-data.ts); without it there is nothing to compare.
  it.skipIf(!dir)(
    'has the in-browser index’s nDCG@10 (± 0.005)',
    async () => {
      const { inBrowser, built } = await builtIndexQuality(loadCranfield(dir!));
      expect(inBrowser.ndcg10).toBeGreaterThan(0.3);
      expect(Math.abs(built.ndcg10 - inBrowser.ndcg10)).toBeLessThanOrEqual(0.005);
      expect(Math.abs(built.map100 - inBrowser.map100)).toBeLessThanOrEqual(0.005);
    },
    120_000,
  );
});
