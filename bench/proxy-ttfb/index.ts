import { startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { loadScriptedModelServer } from './load-model-server.ts';
import { measureStreams, percentile, type StreamTimings } from './measure-streams.ts';

const CONCURRENT = 200;
const SEQUENTIAL = 50;
const DIRECT = 'direct (no proxy)';

/** Time to first byte through the proxy under `wrangler dev` vs straight to the model server. */
export const benchmark: Benchmark = {
  description:
    'Time to first byte of streaming chat completions from the scripted model server (zero delays, loopback): ' +
    `${CONCURRENT} concurrent and ${SEQUENTIAL} sequential requests straight to it ("direct") vs through the proxy ` +
    'under `wrangler dev` (workerd); `added_*` rows are proxy minus direct. Every stream must end with [DONE].',
  async run(context) {
    const { startScriptedModelServer } = await loadScriptedModelServer(context.root);
    const model = await startScriptedModelServer({ idleTimeoutMs: 120_000 });
    const proxy = await startProxyDev({
      upstreamBaseUrl: model.baseURL,
      allowedOrigins: ['http://127.0.0.1:5173'],
      maxLifetimeMs: 300_000,
    });
    const rows: Measurement[] = [];
    try {
      const targets = { [DIRECT]: model.baseURL, [AGENT_CHAT]: `${proxy.url}/v1` };
      const turns = (n: number) => {
        for (let i = 0; i < n; i++) model.enqueue({ text: 'The quick brown fox jumps over the lazy dog.' });
      };
      // Warm both paths (connections, workerd isolate, JIT) before measuring.
      for (const url of Object.values(targets)) {
        turns(20);
        await measureStreams(url, 20, true);
      }
      const results: Record<string, { sequential: StreamTimings; concurrent: StreamTimings }> = {};
      for (const [subject, url] of Object.entries(targets)) {
        turns(SEQUENTIAL);
        const sequential = await measureStreams(url, SEQUENTIAL, false);
        turns(CONCURRENT);
        const concurrent = await measureStreams(url, CONCURRENT, true);
        results[subject] = { sequential, concurrent };
        for (const [label, timings, count] of [
          ['sequential', sequential, SEQUENTIAL],
          [`${CONCURRENT}_concurrent`, concurrent, CONCURRENT],
        ] as const) {
          if (timings.completed !== count) {
            context.fail(
              `${subject}, ${label}: ${timings.completed}/${count} streams completed; first failures: ${timings.failures.slice(0, 3).join('; ')}`,
            );
          }
          rows.push(
            {
              subject,
              metric: `ttfb_p50_ms_${label}`,
              value: round(percentile(timings.ttfbMs, 50)),
              unit: 'ms',
            },
            {
              subject,
              metric: `ttfb_p99_ms_${label}`,
              value: round(percentile(timings.ttfbMs, 99)),
              unit: 'ms',
            },
            { subject, metric: `completed_streams_${label}`, value: timings.completed, unit: 'streams' },
          );
        }
        context.log(
          `${subject}: sequential ${sequential.completed}/${SEQUENTIAL}, concurrent ${concurrent.completed}/${CONCURRENT}`,
        );
      }
      for (const label of ['sequential', `${CONCURRENT}_concurrent`] as const) {
        const key = label === 'sequential' ? 'sequential' : 'concurrent';
        for (const p of [50, 99]) {
          const added =
            percentile(results[AGENT_CHAT]![key].ttfbMs, p) - percentile(results[DIRECT]![key].ttfbMs, p);
          rows.push({
            subject: AGENT_CHAT,
            metric: `added_ttfb_p${p}_ms_${label}`,
            value: round(added),
            unit: 'ms',
          });
          context.log(`added TTFB p${p} (${label}): ${round(added)} ms`);
        }
      }
    } finally {
      await proxy.stop();
      await model.close();
    }
    return rows;
  },
};

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
