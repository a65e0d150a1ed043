// Runs inside its own Node process (bundled by index.ts, started with --expose-gc): agent-chat and the
// AI SDK drive the same 10-turn tool conversation against the same scripted model server, in this process.
import { GCProfiler } from 'node:v8';
import { createAgent, defineTool } from '@agent-chat/core';
import type { ScriptedTurn } from '@agent-chat/core/test';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { startScriptedModelServer } from '../../test/model-server/scripted-model-server.ts';

export const TURNS = 10;
const WARMUP = 8;
const ROUNDS = Number(process.env.AGENT_OVERHEAD_ROUNDS ?? 40);

/** 9 turns that each call `lookup`, then a streamed answer. */
function conversation(): ScriptedTurn[] {
  const turns: ScriptedTurn[] = [];
  for (let i = 1; i < TURNS; i++)
    turns.push({
      text: `Looking up item ${i}.`,
      toolCalls: [{ id: `call_${i}`, name: 'lookup', arguments: { key: `item-${i}` } }],
      usage: { inputTokens: 100 + i * 20, outputTokens: 12 },
    });
  turns.push({
    text: 'All nine items are in stock; the cheapest is item-3 and the newest is item-9. '.repeat(4),
    usage: { inputTokens: 300, outputTokens: 80 },
  });
  return turns;
}

const lookupSchema = {
  type: 'object' as const,
  properties: { key: { type: 'string' } },
  required: ['key'],
  additionalProperties: false,
};
const lookup = ({ key }: { key: string }) => ({ key, inStock: true, price: key.length * 1.5 });

const server = await startScriptedModelServer({ idleTimeoutMs: 120_000 });

const agent = createAgent({
  model: (await import('@agent-chat/core')).openAICompatible({
    baseURL: server.baseURL,
    model: 'scripted',
    apiKey: 'bench',
  }),
  tools: [
    defineTool({
      name: 'lookup',
      description: 'Looks an item up.',
      parameters: lookupSchema,
      execute: lookup,
    }),
  ],
});
const openai = createOpenAI({ baseURL: server.baseURL, apiKey: 'bench' });
const aiTools = {
  lookup: tool({
    description: 'Looks an item up.',
    inputSchema: jsonSchema<{ key: string }>(lookupSchema),
    execute: async (args) => lookup(args),
  }),
};

type Subject = 'agent-chat' | 'ai-sdk' | 'raw-http';
const runners: Record<Subject, () => Promise<number>> = {
  async 'agent-chat'() {
    let events = 0;
    let finished = false;
    for await (const event of agent.run({ message: 'Check all nine items.' })) {
      events++;
      if (event.type === 'run.finish') finished = event.status === 'completed' && event.turns === TURNS;
    }
    if (!finished) throw new Error('agent-chat did not finish the 10-turn conversation');
    return events;
  },
  async 'ai-sdk'() {
    const result = streamText({
      model: openai.chat('scripted'),
      tools: aiTools,
      stopWhen: stepCountIs(TURNS),
      prompt: 'Check all nine items.',
    });
    let parts = 0;
    for await (const _part of result.fullStream) parts++;
    if ((await result.steps).length !== TURNS) throw new Error('the AI SDK did not run 10 steps');
    return parts;
  },
  // The floor: the same 10 HTTP exchanges, bodies read to the end and not parsed.
  async 'raw-http'() {
    let bytes = 0;
    for (let i = 0; i < TURNS; i++) {
      const response = await fetch(`${server.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'scripted',
          stream: true,
          messages: [{ role: 'user', content: 'Check all nine items.' }],
        }),
      });
      bytes += (await response.arrayBuffer()).byteLength;
    }
    return bytes;
  },
};

const cpu: Record<Subject, number> = { 'agent-chat': 0, 'ai-sdk': 0, 'raw-http': 0 };

async function once(subject: Subject): Promise<number> {
  server.enqueue(...conversation());
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await runners[subject]();
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpuStart);
  cpu[subject] += (used.user + used.system) / 1000;
  if (server.pending !== 0) throw new Error(`${subject} left ${server.pending} scripted turns unused`);
  return elapsed;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Bytes allocated on the V8 heap while `work` runs: the heap's growth plus everything GC freed meanwhile. */
async function allocated(work: () => Promise<void>): Promise<number> {
  gc?.();
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  await work();
  const after = process.memoryUsage().heapUsed;
  const stats = profiler.stop();
  const freed = (stats?.statistics ?? []).reduce(
    (sum, s) =>
      sum + Math.max(0, s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize),
    0,
  );
  return after - before + freed;
}

const subjects: Subject[] = ['agent-chat', 'ai-sdk', 'raw-http'];
for (let i = 0; i < WARMUP; i++) for (const s of subjects) await once(s);
const times: Record<Subject, number[]> = { 'agent-chat': [], 'ai-sdk': [], 'raw-http': [] };
// Interleaved so drift (JIT, GC, other processes) hits every subject alike.
for (const s of subjects) cpu[s] = 0;
for (let round = 0; round < ROUNDS; round++) for (const s of subjects) times[s].push(await once(s));
const cpuPerTurn = Object.fromEntries(subjects.map((s) => [s, cpu[s] / (ROUNDS * TURNS)]));
const heap: Record<Subject, number> = { 'agent-chat': 0, 'ai-sdk': 0, 'raw-http': 0 };
const HEAP_ROUNDS = 10;
for (const s of subjects)
  heap[s] = await allocated(async () => {
    for (let i = 0; i < HEAP_ROUNDS; i++) await once(s);
  });
await server.close();

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const perTurn = (s: Subject) => median(times[s]) / TURNS;
process.stdout.write(
  `${JSON.stringify({
    rounds: ROUNDS,
    gcExposed: gc !== undefined,
    msPerTurn: {
      'agent-chat': perTurn('agent-chat'),
      'ai-sdk': perTurn('ai-sdk'),
      'raw-http': perTurn('raw-http'),
    },
    cpuMsPerTurn: cpuPerTurn,
    heapBytesPerTurn: Object.fromEntries(subjects.map((s) => [s, heap[s] / (HEAP_ROUNDS * TURNS)])),
  })}\n`,
);
