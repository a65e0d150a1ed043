import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { transcriptsProxy } from '../../scripts/lib/proxy-transcripts.ts';
import { startWorkerdServe } from '../../scripts/lib/workerd-serve.ts';
import { AGENT_CHAT, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import {
  DO_AWAITED,
  DO_COLD,
  DO_WARM,
  DO_WARM_COPY,
  DO_WARM_RESUME,
  DO_WARM_TRANSCRIPTS,
  delayedCounterWorkers,
  doRttRows,
  failedClosed,
  newClientEachRequest,
  resumeOn,
  warmBurst,
} from './do-rtt.ts';
import { handlerOverhead } from './handler-overhead.ts';
import { loadProxy, loadScriptedModelServer } from './load-bundled.ts';
import {
  BENCH_ORIGIN,
  BENCH_PROXY_VARS,
  measureStreams,
  percentile,
  type StreamTimings,
} from './measure-streams.ts';
import { workerSocketUrl } from './worker-socket.ts';

const CONCURRENT = 200;
const SEQUENTIAL = 200;
const ROUNDS = 2;
const HANDLER_ITERATIONS = 2000;
const DIRECT = 'direct (no proxy)';
const BARE = 'bare pass-through Worker (same wrangler dev)';
const QUIET = 'agent-chat, LOG_REQUESTS=errors';
const TRANSCRIPTS = 'agent-chat, TRANSCRIPTS=on (local D1 under wrangler dev)';
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef0123';
const AT_SOCKET = 'agent-chat at the Worker’s own workerd socket (no dev ProxyWorker)';
const BARE_AT_SOCKET = 'bare Worker at its own workerd socket';
const SERVE = 'agent-chat under workerd serve (deploy bundle, no wrangler dev layers)';
const BARE_SERVE = 'bare Worker under workerd serve';
/** The floor of the warm-client goal: a Worker that reads, parses and forwards the body, and nothing else. */
const MINIMAL_SERVE =
  'minimal body-reading Worker under workerd serve (reads and parses the body, adds a key and CORS; no config, limits or logging)';

/**
 * What is compared with what: [subject, baseline, metric suffix]. `vs_direct` is the goal's figure
 * (wrangler dev's public port); the `at_worker_socket` rows leave out wrangler dev's dev-only
 * ProxyWorker hop; the bare Worker's own rows are the floor any Worker pays under wrangler dev.
 */
const COMPARISONS: Array<[string, string, string]> = [
  [AGENT_CHAT, DIRECT, 'vs_direct'],
  [AGENT_CHAT, BARE, 'vs_bare_worker'],
  [QUIET, DIRECT, 'vs_direct_log_errors_only'],
  [QUIET, BARE, 'vs_bare_worker_log_errors_only'],
  [TRANSCRIPTS, DIRECT, 'vs_direct_transcripts_on'],
  [TRANSCRIPTS, AGENT_CHAT, 'transcripts_on_vs_off'],
  [AT_SOCKET, DIRECT, 'vs_direct_at_worker_socket'],
  [AT_SOCKET, BARE_AT_SOCKET, 'vs_bare_worker_at_worker_socket'],
  [BARE, DIRECT, 'bare_worker_vs_direct'],
  [BARE_AT_SOCKET, DIRECT, 'bare_worker_vs_direct_at_worker_socket'],
  [SERVE, DIRECT, 'vs_direct_workerd_serve'],
  [SERVE, BARE_SERVE, 'vs_bare_worker_workerd_serve'],
  [BARE_SERVE, DIRECT, 'bare_worker_vs_direct_workerd_serve'],
  [MINIMAL_SERVE, DIRECT, 'minimal_worker_vs_direct_workerd_serve'],
  [DO_WARM, MINIMAL_SERVE, 'warm_client_do_rtt_25ms_vs_minimal_worker'],
];

/** Time to first byte through the proxy under `wrangler dev` vs straight to the model server. */
export const benchmark: Benchmark = {
  description:
    'Time to first byte of streaming chat completions from the scripted model server (zero delays, loopback): ' +
    `${ROUNDS} bursts of ${CONCURRENT} concurrent and ${SEQUENTIAL} sequential requests (subjects interleaved) straight to it ("direct"), through ` +
    'a bare pass-through Worker and through the proxy (default logging, and LOG_REQUESTS=errors), all under ' +
    '`wrangler dev` (workerd). Every stream must end ' +
    'with [DONE]. `added_*_vs_direct` is proxy minus direct (wrangler dev’s local routing included), ' +
    '`added_*_vs_bare_worker` proxy minus the bare Worker; `*_at_worker_socket` the same straight to the socket ' +
    'wrangler dev runs each Worker on (without its dev-only ProxyWorker hop); `*_bare_worker_vs_direct*` is the floor ' +
    'any Worker pays under wrangler dev; `*_workerd_serve` runs the deploy bundles under `workerd serve` alone ' +
    '(the runtime without wrangler dev’s layers); `proxy_handler_added_*` times the proxy’s own work ' +
    'in-process (V8) against an upstream that answers at once. Two subjects frame the warm-client goal: a minimal ' +
    'body-reading Worker (reads and parses the body, adds a key and CORS, nothing else), the floor of any proxy ' +
    'that bounds the body, and an identical second copy of the warm-client Worker, whose distance from the first ' +
    'is the noise of the machine on that figure.',
  method:
    'Same scripted model server (zero delays, loopback) for every subject; every subject gets the same request bodies. ' +
    'Subjects are interleaved burst by burst, order reversed every other round, so load on the shared machine is spread ' +
    'over all of them. Timed: from sending the request to the first body byte of the stream (Node fetch client); every ' +
    'stream is read to [DONE] and lost streams are counted. wrangler dev and workerd are the versions installed in the ' +
    'workspace; they start and warm up before any burst. The in-process handler figure times the proxy’s fetch handler ' +
    'in V8 alone against an upstream that answers at once.',
  async run(context) {
    const rows: Measurement[] = [];
    const { createProxy } = await loadProxy(context.root);
    const added = await handlerOverhead(createProxy, HANDLER_ITERATIONS);
    for (const p of [50, 99]) {
      rows.push({
        subject: AGENT_CHAT,
        metric: `proxy_handler_added_p${p}_ms`,
        value: round(percentile(added, p), 3),
        unit: 'ms',
      });
    }
    context.log(
      `in-process handler: p50 ${round(percentile(added, 50), 3)} ms, p99 ${round(percentile(added, 99), 3)} ms`,
    );

    const { startScriptedModelServer } = await loadScriptedModelServer(context.root);
    const model = await startScriptedModelServer({ idleTimeoutMs: 120_000 });
    const devOptions = {
      upstreamBaseUrl: model.baseURL,
      allowedOrigins: [BENCH_ORIGIN],
      maxLifetimeMs: 300_000,
      vars: BENCH_PROXY_VARS,
    };
    const proxy = await startProxyDev(devOptions);
    const quiet = await startProxyDev({
      ...devOptions,
      vars: { ...BENCH_PROXY_VARS, LOG_REQUESTS: 'errors' },
    });
    // Issue 43: the same proxy storing every conversation in D1 (written after the answer, waitUntil).
    const transcriptsDir = mkdtempSync(join(tmpdir(), 'agent-chat-bench-transcripts-'));
    const withTranscripts = await startProxyDev({
      ...devOptions,
      ...(await transcriptsProxy(transcriptsDir)),
      vars: { ...BENCH_PROXY_VARS, TRANSCRIPTS: 'on', ADMIN_TOKEN },
    });
    const bare = await startProxyDev({
      ...devOptions,
      config: join(import.meta.dirname, 'bare-worker/wrangler.jsonc'),
    });
    // The same two Workers in the runtime alone, as `wrangler deploy` would bundle them.
    const served = await startWorkerdServe([
      {
        name: SERVE,
        configDir: join(context.root, 'packages/proxy'),
        vars: {
          UPSTREAM_BASE_URL: model.baseURL,
          ALLOWED_ORIGINS: devOptions.allowedOrigins.join(','),
          MAX_BODY_BYTES: '1048576',
          ...BENCH_PROXY_VARS,
        },
        durableObjects: [{ binding: 'USAGE', className: 'UsageCounter' }],
      },
      {
        name: BARE_SERVE,
        configDir: join(import.meta.dirname, 'bare-worker'),
        vars: { UPSTREAM_BASE_URL: model.baseURL },
      },
      {
        name: MINIMAL_SERVE,
        configDir: join(import.meta.dirname, 'minimal-proxy-worker'),
        vars: { UPSTREAM_BASE_URL: model.baseURL },
      },
      // Issue 28: the Durable Object 25 ms away each way (sequential rows and one burst only).
      ...delayedCounterWorkers(model.baseURL, ADMIN_TOKEN),
    ]);
    try {
      const targets: Record<string, string> = {
        [DIRECT]: model.baseURL,
        [BARE]: `${bare.url}/v1`,
        [AGENT_CHAT]: `${proxy.url}/v1`,
        [QUIET]: `${quiet.url}/v1`,
        [TRANSCRIPTS]: `${withTranscripts.url}/v1`,
      };
      const proxySocket = await workerSocketUrl(proxy.pid, proxy.url);
      const bareSocket = await workerSocketUrl(bare.pid, bare.url);
      for (const [subject, url] of Object.entries(served.urls)) targets[subject] = `${url}/v1`;
      targets[DO_COLD] = targets[DO_WARM]!;
      const doSubjects = [DO_WARM, DO_WARM_COPY, DO_COLD, DO_WARM_RESUME, DO_WARM_TRANSCRIPTS, DO_AWAITED];
      const headersOf = (subject: string) =>
        subject === DO_COLD ? newClientEachRequest : subject === DO_WARM_RESUME ? resumeOn : undefined;
      if (proxySocket && bareSocket) {
        targets[AT_SOCKET] = `${proxySocket}/v1`;
        targets[BARE_AT_SOCKET] = `${bareSocket}/v1`;
      } else {
        context.log(
          'the Workers’ own workerd sockets were not found (Linux /proc only): those rows are left out',
        );
      }
      const turns = (n: number) => {
        for (let i = 0; i < n; i++) model.enqueue({ text: 'The quick brown fox jumps over the lazy dog.' });
      };
      // Warm every path (connections, workerd isolates, JIT) before measuring.
      for (const [subject, url] of Object.entries(targets)) {
        turns(20);
        await measureStreams(url, 20, true, headersOf(subject));
      }
      const sequential: Record<string, StreamTimings> = {};
      const concurrent: Record<string, StreamTimings> = {};
      for (const subject of Object.keys(targets)) {
        sequential[subject] = { ttfbMs: [], completed: 0, failures: [] };
        if (!doSubjects.includes(subject)) concurrent[subject] = { ttfbMs: [], completed: 0, failures: [] };
      }
      // One request to each in turn, so load from other processes hits all subjects alike.
      turns(SEQUENTIAL * Object.keys(targets).length);
      for (let i = 0; i < SEQUENTIAL; i++) {
        for (const [subject, url] of Object.entries(targets)) {
          const one = await measureStreams(url, 1, false, headersOf(subject));
          const into = sequential[subject]!;
          into.ttfbMs.push(...one.ttfbMs);
          into.completed += one.completed;
          into.failures.push(...one.failures);
        }
      }
      // Bursts of CONCURRENT requests, subjects alternating over ROUNDS rounds (order reversed every
      // other round) so a busy moment on the machine does not land on one subject only.
      const order = Object.entries(targets).filter(([subject]) => !doSubjects.includes(subject));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [subject, url] of round % 2 === 0 ? order : [...order].reverse()) {
          turns(CONCURRENT);
          const burst = await measureStreams(url, CONCURRENT, true);
          const into = concurrent[subject]!;
          into.ttfbMs.push(...burst.ttfbMs);
          into.completed += burst.completed;
          into.failures.push(...burst.failures);
        }
      }
      for (const [label, results, count] of [
        ['sequential', sequential, SEQUENTIAL],
        [`${CONCURRENT}_concurrent`, concurrent, CONCURRENT * ROUNDS],
      ] as const) {
        for (const [subject, timings] of Object.entries(results)) {
          // A 503 limits_unavailable is the proxy failing closed: counted in its own row, not lost.
          if (timings.completed + failedClosed(timings) !== count) {
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
            // Streams that failed or ended without [DONE]: must be 0.
            { subject, metric: `lost_streams_${label}`, value: count - timings.completed, unit: 'streams' },
          );
        }
        for (const p of [50, 99]) {
          const at = (subject: string) => percentile(results[subject]!.ttfbMs, p);
          for (const [subject, base, suffix] of COMPARISONS) {
            if (!(subject in results) || !(base in results)) continue;
            const metric = `added_ttfb_p${p}_ms_${label}_${suffix}`;
            const value = round(at(subject) - at(base));
            rows.push({ subject: AGENT_CHAT, metric, value, unit: 'ms' });
            context.log(`${metric}: ${value} ms`);
          }
        }
      }
      rows.push(await transcriptRowsLost(withTranscripts.url, 20 + SEQUENTIAL + CONCURRENT * ROUNDS));
      context.log(`transcript_rows_lost: ${rows.at(-1)!.value}`);
      // The same count at the workerd-served proxy whose database is far away (warm-up and sequential only).
      const farRows = await transcriptRowsLost(served.urls[DO_WARM_TRANSCRIPTS]!, 20 + SEQUENTIAL);
      rows.push({ ...farRows, subject: DO_WARM_TRANSCRIPTS });
      context.log(`${DO_WARM_TRANSCRIPTS}: transcript_rows_lost: ${farRows.value}`);
      rows.push(...doRttRows(sequential, DIRECT));
      turns(CONCURRENT);
      const burst = await warmBurst(targets[DO_WARM]!, CONCURRENT);
      rows.push(...burst.rows);
      if (burst.lost.failures.length > 0)
        context.fail(
          `${DO_WARM}, ${CONCURRENT} concurrent: first failures: ${burst.lost.failures.slice(0, 3).join('; ')}`,
        );
      for (const row of rows.filter((r) => /do_rtt|limits_unavailable/.test(r.metric)))
        context.log(
          `${row.subject === AGENT_CHAT ? '' : `${row.subject}: `}${row.metric}: ${row.value} ${row.unit}`,
        );
    } finally {
      await proxy.stop();
      await quiet.stop();
      await withTranscripts.stop();
      rmSync(transcriptsDir, { recursive: true, force: true });
      await bare.stop();
      await served.stop();
      await model.close();
    }
    return rows;
  },
};

/**
 * Stored model calls short of `sent` once the writes left running after the answers have landed (the
 * dashboard's usage API counts them; waits up to 60 s for the last ones).
 */
async function transcriptRowsLost(proxyUrl: string, sent: number): Promise<Measurement> {
  let stored = 0;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const usage = await fetch(`${proxyUrl}/admin/api/usage`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    })
      .then((response) => response.json() as Promise<{ usage: { calls: number }[] }>)
      .then((body) => body.usage)
      .catch(() => undefined);
    if (usage !== undefined) stored = usage.reduce((sum, row) => sum + row.calls, 0);
    if (stored >= sent) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { subject: TRANSCRIPTS, metric: 'transcript_rows_lost', value: sent - stored, unit: 'rows' };
}

function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
