import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { AGENT_CHAT, type BenchContext, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { HAND_LOOP } from '../lib/goals.ts';
import { peerSubject } from '../lib/installed-version.ts';
import type { Subject } from './measure.ts';
import { type Breakdown, type CpuProfile, profileBreakdown } from './profile-breakdown.ts';

interface Figures {
  rounds: number;
  warmup: number;
  gcExposed: boolean;
  /** Per round (one conversation), milliseconds per model turn. */
  wall: Record<Subject, number[]>;
  cpu: Record<Subject, number[]>;
  heap: Record<Subject, number>;
}

const here = import.meta.dirname;

/** measure.ts and its server thread bundled for Node (workspace packages from source, with source maps). */
async function bundleMeasure(dir: string): Promise<string> {
  await build({
    entryPoints: { measure: join(here, 'measure.ts'), 'server-thread': join(here, 'server-thread.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    conditions: ['@agent-chat/source', 'module', 'import', 'default'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  return join(dir, 'measure.mjs');
}

/** Runs the bundle in a fresh Node process (no inherited heap) and parses the JSON line it prints last. */
function inChild<T>(file: string, flags: string[], args: string[] = []): T {
  const child = spawnSync(process.execPath, [...flags, file, ...args], {
    encoding: 'utf8',
    timeout: 900_000,
  });
  if (child.status !== 0)
    throw new Error(`measure.ts failed (${child.status}): ${child.stderr.slice(-2000)}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as T;
}

/** Profiles `subject` alone under `node --cpu-prof` and breaks its measured window down by origin. */
function profile(file: string, subject: Subject, dir: string): Breakdown {
  const profiles = join(dir, `profile-${subject}`);
  const window = inChild<{ from: number; to: number }>(
    file,
    ['--cpu-prof', `--cpu-prof-dir=${profiles}`, '--cpu-prof-interval=100'],
    ['--profile', subject],
  );
  const written = readdirSync(profiles).filter((name) => name.endsWith('.cpuprofile'));
  // The main thread's profile is the one whose samples cover the window (the server thread writes its own).
  for (const name of written) {
    const data = JSON.parse(readFileSync(join(profiles, name), 'utf8')) as CpuProfile;
    if (data.startTime <= window.from && data.endTime >= window.to)
      try {
        return profileBreakdown(data, window.from, window.to);
      } catch {}
  }
  throw new Error(`no CPU profile of ${subject} covers its measured window (${written.length} written)`);
}

/** The value at quantile `q` (0–1) of `values`, linearly interpolated. */
function quantile(values: number[], q: number): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export const benchmark: Benchmark = {
  description:
    'Framework cost of one model turn: the same 10-turn tool conversation (9 tool-calling turns, then a streamed answer) ' +
    'against the same scripted OpenAI-style server with no delays, in one Node process: agent-chat `createAgent` + ' +
    '`openAICompatible`, the AI SDK `streamText` (`tools`, `stopWhen: stepCountIs(10)`) + `@ai-sdk/openai` `.chat()`, and ' +
    'the floor: a hand-written fetch + SSE tool loop (bench/agent-overhead/hand-loop.ts). Raw wall and main-thread CPU ' +
    'milliseconds per turn (median, p25, p75 over rounds), V8 bytes allocated per turn; `added_*_vs_hand_loop` is a ' +
    "subject's median minus the hand loop's, unclamped.",
  method:
    'One child process (`node --expose-gc`, the code bundled by esbuild from source) holds the three subjects; the ' +
    'scripted model server (test/model-server) runs in a worker thread of that process, so `process.threadCpuUsage()` of ' +
    'the main thread is the client’s CPU alone (HTTP client, SSE parsing, the loop, the tool), and the same server bytes ' +
    'reach every subject. Every subject sends the whole conversation and the tool list each turn, runs the same `lookup` ' +
    'function and consumes every event, stream part or text delta. Warm: 100 rounds first, untimed (each ' +
    'round one conversation per subject; every subject was still getting faster for about that long). Then 200 ' +
    'rounds; each round plays one conversation per subject, the order rotated each round (interleaved, so ' +
    'machine load and JIT drift hit all three alike). Timed: from the call to the end of the stream; queuing the ' +
    'script on the server is outside. Per-turn figures are a round’s time ÷ 10; median, p25 and p75 are over the 200 ' +
    'rounds. Heap: bytes allocated on the main thread over 10 more conversations per subject (heap growth plus bytes ' +
    'freed by GC, GCProfiler). Then one child per subject under `node --cpu-prof` (100 µs sampling) plays only that ' +
    'subject, 10 warm-up and 60 profiled conversations; self time inside the profiled window is summed by source file ' +
    '(through the bundle’s source map), package or Node internal module.',
  async run(context) {
    const aiSdk = peerSubject(here, 'ai', '@ai-sdk/openai');
    const subjects: Array<[string, Subject]> = [
      [AGENT_CHAT, 'agent-chat'],
      [aiSdk, 'ai-sdk'],
      [HAND_LOOP, 'hand-loop'],
    ];
    const dir = mkdtempSync(join(tmpdir(), 'agent-overhead-'));
    try {
      return await measureAll(context, subjects, await bundleMeasure(dir), dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

async function measureAll(
  context: BenchContext,
  subjects: Array<[string, Subject]>,
  file: string,
  dir: string,
): Promise<Measurement[]> {
  {
    const figures = inChild<Figures>(file, ['--expose-gc']);
    if (!figures.gcExposed)
      context.log('--expose-gc was not honoured; heap figures include earlier garbage.');
    const rows: Measurement[] = [];
    const median = (kind: 'wall' | 'cpu', s: Subject) => quantile(figures[kind][s], 0.5);
    for (const [subject, key] of subjects) {
      for (const kind of ['wall', 'cpu'] as const) {
        const values = figures[kind][key];
        rows.push(
          { subject, metric: `${kind}_ms_per_turn`, value: round(quantile(values, 0.5)), unit: 'ms' },
          { subject, metric: `${kind}_ms_per_turn_p25`, value: round(quantile(values, 0.25)), unit: 'ms' },
          { subject, metric: `${kind}_ms_per_turn_p75`, value: round(quantile(values, 0.75)), unit: 'ms' },
        );
        if (key !== 'hand-loop')
          rows.push({
            subject,
            metric: `added_${kind}_ms_per_turn_vs_hand_loop`,
            value: round(median(kind, key) - median(kind, 'hand-loop')),
            unit: 'ms',
          });
      }
      rows.push({
        subject,
        metric: 'heap_bytes_per_turn',
        value: Math.round(figures.heap[key]),
        unit: 'bytes',
      });
      context.log(
        `${subject}: wall ${median('wall', key).toFixed(3)} ms/turn (p25 ${quantile(figures.wall[key], 0.25).toFixed(3)}, ` +
          `p75 ${quantile(figures.wall[key], 0.75).toFixed(3)}), CPU ${median('cpu', key).toFixed(3)} ms/turn, ` +
          `heap ${Math.round(figures.heap[key])} B/turn`,
      );
    }
    for (const kind of ['wall', 'cpu'] as const) {
      const ours = median(kind, 'agent-chat');
      context.note(
        `${kind === 'wall' ? 'Wall' : 'CPU'} time per turn: agent-chat ${ours.toFixed(3)} ms, the AI SDK ` +
          `${median(kind, 'ai-sdk').toFixed(3)} ms, the hand loop ${median(kind, 'hand-loop').toFixed(3)} ms: ` +
          `agent-chat adds ${(ours - median(kind, 'hand-loop')).toFixed(3)} ms per turn to the hand loop, the AI SDK ` +
          `${(median(kind, 'ai-sdk') - median(kind, 'hand-loop')).toFixed(3)} ms.`,
      );
    }

    const breakdown = Object.fromEntries(subjects.map(([, key]) => [key, profile(file, key, dir)])) as Record<
      Subject,
      Breakdown
    >;
    const ownCode: Record<Subject, (origin: string) => boolean> = {
      'agent-chat': (origin) => origin.startsWith('agent-chat core'),
      'ai-sdk': (origin) => origin === 'ai' || origin.startsWith('@ai-sdk/'),
      'hand-loop': (origin) => origin === 'bench: hand-loop.ts',
    };
    for (const [subject, key] of subjects) {
      const own = breakdown[key].filter((b) => ownCode[key](b.origin)).reduce((sum, b) => sum + b.percent, 0);
      const top = breakdown[key]
        .slice(0, 7)
        .map((b) => `${b.origin} ${b.percent}%`)
        .join(', ');
      context.note(
        `Where ${subject}'s main-thread time goes (V8 sampling profile, self time, idle excluded): its own code ` +
          `${own.toFixed(1)}%; largest: ${top}.`,
      );
    }
    return rows;
  }
}
