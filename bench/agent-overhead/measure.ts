// Runs inside its own Node process (bundled by index.ts, started with --expose-gc): agent-chat, the AI SDK
// and a hand-written loop play the same 10-turn tool conversation against the same scripted model server
// (in a worker thread of this process), interleaved round by round. `--profile <subject>` plays only that
// subject (run under `node --cpu-prof`) and prints the measured window on the profile's clock.

import { GCProfiler } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { createAgent, defineTool, openAICompatible } from '@agent-chat/core';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { lookup, lookupSchema, PROMPT, TURNS } from './conversation.ts';
import { handLoop } from './hand-loop.ts';

export type Subject = 'agent-chat' | 'ai-sdk' | 'hand-loop';
const SUBJECTS: Subject[] = ['agent-chat', 'ai-sdk', 'hand-loop'];
// The timed part: every subject keeps getting faster for about the first 100 interleaved rounds on this machine
// kind (the hand loop's median per turn went from 0.72–0.90 ms to about 0.50 ms), so its warm-up is that long
// and the median is over 200 rounds at the steady state. The CPU profile (`--profile`) only apportions time.
const WARMUP = Number(process.env.AGENT_OVERHEAD_WARMUP ?? 100);
const ROUNDS = Number(process.env.AGENT_OVERHEAD_ROUNDS ?? 200);
const PROFILE_WARMUP = 10;
const PROFILE_ROUNDS = 60;
const HEAP_ROUNDS = 10;

const serverThread = new Worker(new URL('./server-thread.mjs', import.meta.url));
const replies: Array<(message: Record<string, unknown>) => void> = [];
serverThread.on('message', (message) => replies.shift()?.(message));
const reply = () => new Promise<Record<string, unknown>>((resolve) => replies.push(resolve));
const baseURL = (await reply()).baseURL as string;

/** Queues `n` conversations on the server; throws when the previous run left scripted turns unused. */
async function queue(n: number, after: string): Promise<void> {
  const answer = reply();
  serverThread.postMessage({ queue: n });
  const { left } = await answer;
  if (left !== 0) throw new Error(`${after} left ${left} scripted turns unused`);
}

const agent = createAgent({
  model: openAICompatible({ baseURL, model: 'scripted', apiKey: 'bench' }),
  tools: [
    defineTool({
      name: 'lookup',
      description: 'Looks an item up.',
      parameters: lookupSchema,
      execute: lookup,
    }),
  ],
});
const openai = createOpenAI({ baseURL, apiKey: 'bench' });
const aiTools = {
  lookup: tool({
    description: 'Looks an item up.',
    inputSchema: jsonSchema<{ key: string }>(lookupSchema),
    execute: async (args) => lookup(args),
  }),
};
const handTools = {
  lookup: {
    spec: {
      type: 'function' as const,
      function: { name: 'lookup', description: 'Looks an item up.', parameters: lookupSchema },
    },
    run: (args: Record<string, unknown>) => lookup(args as { key: string }),
  },
};

// Each plays the whole conversation once and consumes every event, part or text delta it streams.
const runners: Record<Subject, () => Promise<void>> = {
  async 'agent-chat'() {
    let finished = false;
    for await (const event of agent.run({ message: PROMPT }))
      if (event.type === 'run.finish') finished = event.status === 'completed' && event.turns === TURNS;
    if (!finished) throw new Error('agent-chat did not finish the 10-turn conversation');
  },
  async 'ai-sdk'() {
    const result = streamText({
      model: openai.chat('scripted'),
      tools: aiTools,
      stopWhen: stepCountIs(TURNS),
      prompt: PROMPT,
    });
    for await (const _part of result.fullStream);
    if ((await result.steps).length !== TURNS) throw new Error('the AI SDK did not run 10 steps');
  },
  async 'hand-loop'() {
    let text = '';
    const turns = await handLoop(baseURL, PROMPT, handTools, (delta) => {
      text += delta;
    });
    if (turns !== TURNS || !text.includes('newest is item-9'))
      throw new Error('the hand loop did not finish');
  },
};

/** One conversation: wall and main-thread CPU milliseconds (the server's thread is not counted). */
async function once(subject: Subject): Promise<{ wall: number; cpu: number }> {
  await queue(1, 'the previous run');
  const cpuStart = process.threadCpuUsage();
  const started = performance.now();
  await runners[subject]();
  const wall = performance.now() - started;
  const cpu = process.threadCpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Bytes allocated on the main thread's V8 heap while `work` runs: its growth plus everything GC freed. */
async function allocated(work: () => Promise<void>): Promise<number> {
  gc?.();
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  await work();
  const after = process.memoryUsage().heapUsed;
  const stats = profiler.stop();
  const freed = (stats?.statistics ?? []).reduce(
    (sum, s) => sum + s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  return after - before + freed;
}

const profiled = process.argv[process.argv.indexOf('--profile') + 1] as Subject | undefined;
if (process.argv.includes('--profile') && profiled && SUBJECTS.includes(profiled)) {
  for (let i = 0; i < PROFILE_WARMUP; i++) await once(profiled);
  // V8 stamps profile samples with the monotonic clock in microseconds, as hrtime reads it.
  const from = Number(process.hrtime.bigint() / 1000n);
  for (let i = 0; i < PROFILE_ROUNDS; i++) await once(profiled);
  const to = Number(process.hrtime.bigint() / 1000n);
  await queue(0, 'the last run');
  serverThread.postMessage({ close: true });
  process.stdout.write(`${JSON.stringify({ from, to })}\n`);
} else {
  // Warm-up: every subject's code is compiled and optimised before anything is timed.
  for (let i = 0; i < WARMUP; i++) for (const s of SUBJECTS) await once(s);
  const wall: Record<Subject, number[]> = { 'agent-chat': [], 'ai-sdk': [], 'hand-loop': [] };
  const cpu: Record<Subject, number[]> = { 'agent-chat': [], 'ai-sdk': [], 'hand-loop': [] };
  // Interleaved, and the order rotated each round, so drift (JIT, GC, other processes) hits every subject alike.
  for (let round = 0; round < ROUNDS; round++)
    for (let k = 0; k < SUBJECTS.length; k++) {
      const s = SUBJECTS[(round + k) % SUBJECTS.length]!;
      const { wall: w, cpu: c } = await once(s);
      wall[s].push(w / TURNS);
      cpu[s].push(c / TURNS);
    }
  const heap: Partial<Record<Subject, number>> = {};
  for (const s of SUBJECTS)
    heap[s] =
      (await allocated(async () => {
        for (let i = 0; i < HEAP_ROUNDS; i++) await once(s);
      })) /
      (HEAP_ROUNDS * TURNS);
  await queue(0, 'the last run');
  serverThread.postMessage({ close: true });
  process.stdout.write(
    `${JSON.stringify({ rounds: ROUNDS, warmup: WARMUP, gcExposed: gc !== undefined, wall, cpu, heap })}\n`,
  );
}
