import { join } from 'node:path';
import type { BenchContext, Benchmark, Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';

export const benchmark: Benchmark = {
  description:
    'Tokens (o200k_base) of tool outputs as agent-chat sends them (serializeToolOutput: TOON when smaller, else minified JSON) ' +
    'vs JSON.stringify, on flat tables (seeded orders/metrics, server-everything structured content) and nested data ' +
    '(a pull request, server-everything tools/list and resource links), plus TOON forced on nested data; and the calibrated ' +
    'token estimate’s error against o200k_base on the same texts.',
  async run(context) {
    const { measureToon } = await importBundled<{
      measureToon(context: BenchContext): Promise<Measurement[]>;
    }>(join(import.meta.dirname, 'measure.ts'));
    return measureToon(context);
  },
};
