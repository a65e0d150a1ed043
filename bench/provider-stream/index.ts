import { join } from 'node:path';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { importBundled } from '../lib/import-bundled.ts';
import { peerSubject } from '../lib/installed-version.ts';

const here = import.meta.dirname;

type Subject = () => Promise<number>;

function loadSubjects(): Promise<{ ours: Subject; aiSdk: Subject; oursAnthropic: Subject }> {
  return importBundled(join(here, 'subjects.ts'));
}

async function medianMs(run: () => Promise<number>, rounds = 25): Promise<number> {
  for (let i = 0; i < 5; i++)
    if ((await run()) !== 3) throw new Error('the stream did not yield the three tool calls');
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]! * 100) / 100;
}

export const benchmark: Benchmark = {
  description:
    'Provider-layer stream decoding, same process: one recorded OpenAI Chat Completions stream (8 000 characters in 4-character ' +
    'deltas, three ~3 KB tool calls in 3-character fragments, 1 400-byte reads) through `openAICompatible().stream()` vs ' +
    '`createOpenAI().chat().doStream()`; median of 25 runs after 5 warm-ups, both checked to yield the three tool calls. ' +
    'The same answer in the Anthropic format through `anthropic().stream()` (no peer).',
  method:
    'One Node process, the workspace code bundled from source; each subject decodes the same recorded byte stream served ' +
    'from memory in 1 400-byte reads (no network). Warm: 5 untimed runs each first, each run checked to yield the three ' +
    'tool calls; then 25 timed runs per subject (subjects one after the other, not interleaved), median reported. ' +
    'Timed: from the call to the end of the decoded event stream. Peers: the installed `ai` and `@ai-sdk/openai` versions.',
  async run() {
    const { ours, aiSdk, oursAnthropic } = await loadSubjects();
    const rows: Measurement[] = [];
    rows.push({
      subject: AGENT_CHAT,
      metric: 'median_ms_openai_stream_decode',
      value: await medianMs(ours),
      unit: 'ms',
    });
    rows.push({
      subject: peerSubject(here, 'ai', '@ai-sdk/openai'),
      metric: 'median_ms_openai_stream_decode',
      value: await medianMs(aiSdk),
      unit: 'ms',
    });
    rows.push({
      subject: AGENT_CHAT,
      metric: 'median_ms_anthropic_stream_decode',
      value: await medianMs(oursAnthropic),
      unit: 'ms',
    });
    return rows;
  },
};
