import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { peerSubject } from '../lib/installed-version.ts';

interface Figures {
  rounds: number;
  gcExposed: boolean;
  msPerTurn: Record<'agent-chat' | 'ai-sdk' | 'raw-http', number>;
  cpuMsPerTurn: Record<'agent-chat' | 'ai-sdk' | 'raw-http', number>;
  heapBytesPerTurn: Record<'agent-chat' | 'ai-sdk' | 'raw-http', number>;
}

const here = import.meta.dirname;

/**
 * Bundles measure.ts (workspace packages from source) and runs it in a fresh Node process with
 * `--expose-gc`, so both frameworks share one process and neither inherits the runner's heap.
 */
async function measure(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-overhead-'));
  try {
    const file = join(dir, 'measure.mjs');
    await build({
      entryPoints: [join(here, 'measure.ts')],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      conditions: ['@agent-chat/source', 'module', 'import', 'default'],
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    const child = spawnSync(process.execPath, ['--expose-gc', file], { encoding: 'utf8', timeout: 600_000 });
    if (child.status !== 0)
      throw new Error(`measure.ts failed (${child.status}): ${child.stderr.slice(-2000)}`);
    return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const benchmark: Benchmark = {
  description:
    'Framework overhead of one model turn: the same 10-turn tool conversation (9 tool-calling turns, then a streamed answer) ' +
    'against the same scripted OpenAI-style server with no delays, in one Node process: agent-chat `createAgent` + ' +
    '`openAICompatible` vs the AI SDK `streamText` (`tools`, `stopWhen: stepCountIs(10)`) + `@ai-sdk/openai` `.chat()`, every ' +
    'event consumed. Overhead = median wall time per turn minus that of the bare HTTP exchanges (raw fetch, bodies unread); ' +
    'heap = V8 bytes allocated per turn (heap growth + bytes freed by GC, GCProfiler) minus the bare exchanges.',
  async run(context) {
    const peer = peerSubject(here, 'ai', '@ai-sdk/openai');
    const figures = await measure();
    const { msPerTurn: ms, heapBytesPerTurn: heap, cpuMsPerTurn: cpu } = figures;
    context.log(
      `per turn: agent-chat ${ms['agent-chat'].toFixed(3)} ms, AI SDK ${ms['ai-sdk'].toFixed(3)} ms, bare HTTP ${ms['raw-http'].toFixed(3)} ms (${figures.rounds} rounds)`,
    );
    context.log(
      `CPU per turn (process, server included): agent-chat ${cpu['agent-chat'].toFixed(3)} ms, AI SDK ${cpu['ai-sdk'].toFixed(3)} ms, bare HTTP ${cpu['raw-http'].toFixed(3)} ms`,
    );
    if (!figures.gcExposed)
      context.log('--expose-gc was not honoured; heap figures include earlier garbage.');
    const overhead = (s: 'agent-chat' | 'ai-sdk') => Math.max(0, ms[s] - ms['raw-http']);
    const rows: Measurement[] = [];
    for (const [subject, key] of [
      [AGENT_CHAT, 'agent-chat'],
      [peer, 'ai-sdk'],
    ] as const) {
      rows.push(
        { subject, metric: 'overhead_ms_per_turn', value: round(overhead(key)), unit: 'ms' },
        { subject, metric: 'wall_ms_per_turn', value: round(ms[key]), unit: 'ms' },
        {
          subject,
          metric: 'cpu_overhead_ms_per_turn',
          value: round(Math.max(0, cpu[key] - cpu['raw-http'])),
          unit: 'ms',
        },
        {
          subject,
          metric: 'heap_bytes_per_turn',
          value: Math.round(heap[key] - heap['raw-http']),
          unit: 'bytes',
        },
      );
    }
    const ratio = overhead('agent-chat') / overhead('ai-sdk');
    context.log(`overhead ratio agent-chat ÷ AI SDK: ${ratio.toFixed(2)}× (goal ≤ 0.5×)`);
    if (!(ratio <= 0.5)) context.log('the ≤ 0.5× goal is not met on this run.');
    return rows;
  },
};

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
