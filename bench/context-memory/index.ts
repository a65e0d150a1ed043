import { join } from 'node:path';
import type { BenchContext, Benchmark, Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';

export const benchmark: Benchmark = {
  description:
    'A scripted 30-turn conversation through the real agent loop (createAgent + scripted model; each turn: a question, 1–3 tool ' +
    'calls with outputs captured from MCP server-everything, seeded tabular JSON and 300-line logs, and a 120–260 word answer; ' +
    'two model calls per turn). Input tokens per turn (messages + tool definitions, o200k_base) with `memory: true` (default ' +
    'options, extractive summaries: no summarizer model) vs memory off, which resends the full history. Afterwards every full ' +
    'entry is retrieved by id through retrieve_full_context and compared byte for byte.',
  async run(context) {
    const { measureContextMemory } = await importBundled<{
      measureContextMemory(context: BenchContext): Promise<Measurement[]>;
    }>(join(import.meta.dirname, 'measure.ts'));
    return measureContextMemory(context);
  },
};
