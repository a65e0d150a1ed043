import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleBenchFigures } from './bench-figures.ts';
import { readRepo } from './doc-references.ts';
import { repoRoot } from './import-graph.ts';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const results = read('bench/results/README.md');
// The READMEs a user reads: the root, the packages and the examples (bench/results' own README is the source).
const readmes = readRepo(repoRoot).files.filter((f) =>
  /^(README\.md|packages\/[^/]+\/README\.md|examples\/[^/]+\/README\.md)$/.test(f),
);

describe('READMEs link to bench/results instead of copying its figures', () => {
  it('finds the READMEs', () => {
    expect(readmes).toEqual(expect.arrayContaining(['README.md', 'packages/widget/README.md']));
  });

  for (const readme of readmes)
    it(readme, () => {
      expect(staleBenchFigures(read(readme), results)).toEqual([]);
    });

  it("the widget README's size ceiling is vite.config.ts's MAX_GZIP_BYTES", () => {
    const ceiling = /const MAX_GZIP_BYTES = ([\d_]+);/.exec(read('packages/widget/vite.config.ts'))?.[1];
    expect(ceiling).toBeDefined();
    const stated = Number(ceiling!.replaceAll('_', '')).toLocaleString('en-US');
    expect(read('packages/widget/README.md')).toContain(`over \`MAX_GZIP_BYTES\` gzipped (${stated} bytes`);
  });

  it('fails for a copied figure that bench/results does not state, and passes one it does', () => {
    const measured =
      '| bundle-size | min_gzip_bytes_core_base | 30,733 bytes (30.0 KiB) | ai | 237,338 bytes (231.8 KiB) | 0.13× |\n' +
      '- rag-quality: nDCG@10 0.812 on the fixture set.';
    const copied =
      'The entry is 7.1 KB gzip and the widget 26 kB gzipped; 0.2× the peer; nDCG@10 of 0.9. The core is 30.0 KiB ' +
      'gzip (30,733 bytes gzip), 0.13× of ai, nDCG@10 0.812. Files up to 5 MB, 10 KB pages, a 25 ms delay.';
    expect(staleBenchFigures(copied, measured)).toEqual([
      '7.1 KB gzip',
      '26 kB gzipped',
      '0.2×',
      'nDCG@10 of 0.9',
    ]);
  });
});
