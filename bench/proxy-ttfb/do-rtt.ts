import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServedWorker } from '../../scripts/lib/workerd-serve.ts';
import { AGENT_CHAT, type Measurement } from '../lib/benchmark.ts';
import {
  BENCH_ORIGIN,
  BENCH_PROXY_VARS,
  measureStreams,
  percentile,
  type StreamTimings,
} from './measure-streams.ts';

// Issue 28: the proxy's Durable Object as production sees it from another region. The local bench
// runs the Durable Object in the same process; here every call to it waits DO_DELAY_MS each way
// (packages/proxy/test/delayed-counter-worker.ts), so what the limits cost a request shows.

/** Delay each way between the isolate and the `UsageCounter`. */
export const DO_DELAY_MS = 25;
/** The proxy (allowances, the default), a client it has seen: decided in the isolate. */
export const DO_WARM = `agent-chat under workerd serve, Durable Object ${DO_DELAY_MS} ms each way, warm client`;
/**
 * A second Worker identical to {@link DO_WARM}, measured the same way in the same run: how far apart two copies
 * of the same code land on this machine, the noise to read the warm-client figures against.
 */
export const DO_WARM_COPY = `${DO_WARM} (an identical second Worker)`;
/** The same Worker, a new client (`CF-Connecting-IP`) every request: one awaited answer each. */
export const DO_COLD = `agent-chat under workerd serve, Durable Object ${DO_DELAY_MS} ms each way, a new client per request`;
/** The same Worker and warm client, asking for a resumable stream (issue 42): the store as far away as the counter. */
export const DO_WARM_RESUME = `agent-chat under workerd serve, Durable Objects ${DO_DELAY_MS} ms each way, warm client, resume on (X-Resumable: 1)`;
/**
 * The same warm client at a proxy with TRANSCRIPTS=on (issue 43): its database a SQLite Durable Object as far
 * away as the counter (workerd alone has no D1 binding; D1 is SQLite in a Durable Object), written after
 * the answer (`waitUntil`).
 */
export const DO_WARM_TRANSCRIPTS = `agent-chat under workerd serve, Durable Objects ${DO_DELAY_MS} ms each way, warm client, TRANSCRIPTS=on (database: a SQLite Durable Object as far away)`;
/** Headers of a request asking the proxy to keep its stream. */
export const resumeOn = (): Record<string, string> => ({ 'X-Resumable': '1' });
/** The design before issue 28 (`LIMITS_ALLOWANCE_*=0`): the counter awaited by every request. */
export const DO_AWAITED = `agent-chat under workerd serve, Durable Object ${DO_DELAY_MS} ms each way, awaited by every request (LIMITS_ALLOWANCE_REQUESTS=0, LIMITS_ALLOWANCE_CREDITS=0: the design before issue 28)`;

/** The Workers behind {@link DO_WARM} / {@link DO_COLD}, {@link DO_WARM_COPY}, {@link DO_WARM_RESUME}, {@link DO_WARM_TRANSCRIPTS} and {@link DO_AWAITED}. */
export function delayedCounterWorkers(modelBaseURL: string, adminToken: string): ServedWorker[] {
  const vars = {
    UPSTREAM_BASE_URL: modelBaseURL,
    ALLOWED_ORIGINS: BENCH_ORIGIN,
    MAX_BODY_BYTES: '1048576',
    USAGE_DELAY_MS: String(DO_DELAY_MS),
    ...BENCH_PROXY_VARS,
  };
  const configDir = join(import.meta.dirname, 'delayed-do-worker');
  const durableObjects = [
    { binding: 'USAGE', className: 'UsageCounter' },
    { binding: 'STREAMS', className: 'StreamStore' },
  ];
  const migration = readFileSync(
    join(import.meta.dirname, '../../packages/proxy/migrations/0001_transcripts.sql'),
    'utf8',
  );
  return [
    { name: DO_WARM, configDir, vars, durableObjects },
    { name: DO_WARM_COPY, configDir, vars, durableObjects },
    // Resume on gets a Worker of its own, like TRANSCRIPTS=on: sharing DO_WARM's, its requests came right
    // after the cold client's, whose counter calls (25 ms away) were still running in that isolate.
    { name: DO_WARM_RESUME, configDir, vars, durableObjects },
    {
      name: DO_WARM_TRANSCRIPTS,
      configDir,
      vars: { ...vars, TRANSCRIPTS: 'on', ADMIN_TOKEN: adminToken, D1_MIGRATION: migration },
      durableObjects: [...durableObjects, { binding: 'TRANSCRIPTS_D1', className: 'SqliteD1' }],
      // SQLite (the SQL API) needs storage on disk.
      storage: 'disk',
    },
    {
      name: DO_AWAITED,
      configDir,
      vars: { ...vars, LIMITS_ALLOWANCE_REQUESTS: '0', LIMITS_ALLOWANCE_CREDITS: '0' },
      durableObjects,
    },
  ];
}

let client = 0;
/** Headers that make each request come from a client the proxy has never seen. */
export function newClientEachRequest(): Record<string, string> {
  client += 1;
  return { 'CF-Connecting-IP': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` };
}

/** Requests refused with `503 limits_unavailable` (fail closed), not lost streams. */
export function failedClosed(timings: StreamTimings): number {
  return timings.failures.filter((failure) => failure.includes('limits_unavailable')).length;
}

/** The figures: p50 time to first byte added to direct, warm and cold client, and the design before. */
export function doRttRows(sequential: Record<string, StreamTimings>, direct: string): Measurement[] {
  const added = (subject: string) =>
    Math.round(
      (percentile(sequential[subject]!.ttfbMs, 50) - percentile(sequential[direct]!.ttfbMs, 50)) * 100,
    ) / 100;
  const rows: Measurement[] = [
    {
      subject: AGENT_CHAT,
      metric: `added_ttfb_p50_ms_warm_client_do_rtt_${DO_DELAY_MS}ms`,
      value: added(DO_WARM),
      unit: 'ms',
    },
    {
      subject: AGENT_CHAT,
      metric: `added_ttfb_p50_ms_warm_client_do_rtt_${DO_DELAY_MS}ms_resume_on`,
      value: added(DO_WARM_RESUME),
      unit: 'ms',
    },
    {
      subject: AGENT_CHAT,
      metric: `added_ttfb_p50_ms_warm_client_do_rtt_${DO_DELAY_MS}ms_transcripts_on`,
      value: added(DO_WARM_TRANSCRIPTS),
      unit: 'ms',
    },
    {
      subject: DO_WARM_COPY,
      metric: `added_ttfb_p50_ms_warm_client_do_rtt_${DO_DELAY_MS}ms`,
      value: added(DO_WARM_COPY),
      unit: 'ms',
    },
    {
      subject: AGENT_CHAT,
      metric: `added_ttfb_p50_ms_cold_client_do_rtt_${DO_DELAY_MS}ms`,
      value: added(DO_COLD),
      unit: 'ms',
    },
    {
      subject: DO_AWAITED,
      metric: `added_ttfb_p50_ms_warm_client_do_rtt_${DO_DELAY_MS}ms`,
      value: added(DO_AWAITED),
      unit: 'ms',
    },
  ];
  for (const subject of [DO_WARM, DO_WARM_COPY, DO_COLD, DO_WARM_RESUME, DO_WARM_TRANSCRIPTS, DO_AWAITED]) {
    rows.push({
      subject,
      metric: 'limits_unavailable_503_sequential',
      value: failedClosed(sequential[subject]!),
      unit: 'requests',
    });
  }
  return rows;
}

/**
 * A burst of `count` concurrent requests from one warm client at the delayed proxy: those that find
 * no allowance left wait for the counter, and any the counter cannot answer within LIMITS_TIMEOUT_MS
 * are refused with 503 (counted; every other request must stream whole).
 */
export async function warmBurst(
  url: string,
  count: number,
): Promise<{ rows: Measurement[]; lost: StreamTimings }> {
  const burst = await measureStreams(url, count, true);
  const closed = failedClosed(burst);
  return {
    rows: [
      {
        subject: DO_WARM,
        metric: `ttfb_p50_ms_${count}_concurrent`,
        value: Math.round(percentile(burst.ttfbMs, 50) * 100) / 100,
        unit: 'ms',
      },
      {
        subject: DO_WARM,
        metric: `limits_unavailable_503_${count}_concurrent`,
        value: closed,
        unit: 'requests',
      },
    ],
    lost: { ...burst, failures: burst.failures.filter((failure) => !failure.includes('limits_unavailable')) },
  };
}
