// Test-only Worker for bench/proxy-ttfb: the proxy with its `USAGE` Durable Object `USAGE_DELAY_MS`
// away each way, as from an isolate in another region. The counting is the real UsageCounter's. With
// `TRANSCRIPTS_D1`, transcripts go to a SQLite Durable Object as far away (sqlite-d1.ts).

import type { ProxyEnv } from '../src/config/proxy-env';
import { createProxy } from '../src/routes/create-proxy';
import { delayedStreams, delayedUsage } from './delayed-usage';
import { delayedD1, type SqliteD1 } from './sqlite-d1';

export { StreamStore } from '../src/streams/stream-store';
export { UsageCounter } from '../src/usage/usage-counter';
export { SqliteD1 } from './sqlite-d1';

interface Env extends ProxyEnv {
  USAGE_DELAY_MS?: string;
  /** With transcripts on: the database, as a SQLite Durable Object (workerd alone has no D1). */
  TRANSCRIPTS_D1?: DurableObjectNamespace<SqliteD1>;
}

const proxy = createProxy();
// One wrapped env per isolate, like the runtime's own: the proxy validates its config (and keeps
// its allowances) per env object.
let wrapped: { from: Env; env: ProxyEnv } | undefined;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (wrapped?.from !== env) {
      const delay = Number(env.USAGE_DELAY_MS ?? 0);
      const usage = env.USAGE === undefined ? undefined : delayedUsage(env.USAGE, delay);
      // The store of kept streams (issue 42) as far away as the counter.
      const streams = env.STREAMS === undefined ? undefined : delayedStreams(env.STREAMS, delay);
      // Transcripts' database (issue 43) as far away as the other stores.
      const transcripts =
        env.TRANSCRIPTS_D1 === undefined ? {} : { TRANSCRIPTS_DB: delayedD1(env.TRANSCRIPTS_D1, delay) };
      wrapped = { from: env, env: { ...env, USAGE: usage, STREAMS: streams, ...transcripts } };
    }
    return proxy(request, wrapped.env, ctx);
  },
} satisfies ExportedHandler<Env>;
