import { join } from 'node:path';
import type { BenchContext, Benchmark, Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';

export const benchmark: Benchmark = {
  description:
    'Tokens (o200k_base) of tool outputs as agent-chat sends them (serializeToolOutput: TOON when smaller, else minified JSON) ' +
    'vs JSON.stringify, on flat tables (seeded orders/metrics, server-everything structured content) and nested data ' +
    '(a pull request, server-everything tools/list and resource links), plus TOON forced on nested data; and the calibrated ' +
    'token estimate’s error against o200k_base per kind of text on held-out real texts (code, non-English prose, JSON, ' +
    'Markdown docs, logs; fixtures/held-out-texts.json, provenance per text) it was never fitted on.',
  method:
    'Deterministic token counts with gpt-tokenizer o200k_base (no timing). Every subject encodes the same values: ' +
    'agent-chat `serializeToolOutput` (TOON when smaller, else minified JSON), `JSON.stringify`, @toon-format/toon ' +
    '`encode` with its defaults, and bare CSV. Estimate: 39 held-out texts (excerpts of installed npm packages’ ' +
    'sources, READMEs in 10 languages, axe-core’s translated rule texts, JSON schemas and localized TypeScript ' +
    'diagnostics, Debian package logs and a Node GC trace; collect-held-out.ts) alternate per kind into a fit half and ' +
    'a test half. The shipped weights are the least-squares fit (relative error) on the bench fixtures plus the fit ' +
    'half — the run fails if they drift from that fit — and every held-out figure is on the test half only; the ' +
    'previous weights (fitted on the bench fixtures alone) are shown beside them on the same texts.',
  async run(context) {
    const { measureToon } = await importBundled<{
      measureToon(context: BenchContext): Promise<Measurement[]>;
    }>(join(import.meta.dirname, 'measure.ts'));
    return measureToon(context);
  },
};
