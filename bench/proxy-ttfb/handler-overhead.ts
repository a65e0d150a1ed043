import { applyGrant, type Counts, type GrantAsk } from '../../packages/proxy/src/usage/grant.ts';
import { BENCH_MODEL, BENCH_PROXY_VARS } from './measure-streams.ts';

type CreateProxy = typeof import('../../packages/proxy/src/index.ts').createProxy;
type ProxyEnv = import('../../packages/proxy/src/index.ts').ProxyEnv;

const ORIGIN = 'http://127.0.0.1:5173';
const SSE = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\ndata: [DONE]\n\n';

/**
 * The proxy's own work per streaming chat request, in-process: from calling the handler to holding
 * the response whose first chunk is readable, with the upstream answering at once. That is the time
 * the proxy adds to the first byte, whatever runtime hosts it (V8 here, as in workerd).
 */
export async function handlerOverhead(createProxy: CreateProxy, iterations: number): Promise<number[]> {
  const upstream = async () => new Response(SSE, { headers: { 'Content-Type': 'text/event-stream' } });
  const bare = async () => upstream();
  const proxy = createProxy({ fetch: upstream });
  const env = {
    UPSTREAM_BASE_URL: 'http://127.0.0.1:9/v1',
    ALLOWED_ORIGINS: ORIGIN,
    UPSTREAM_API_KEY: 'sk-bench-key',
    ...BENCH_PROXY_VARS,
    USAGE: inMemoryUsage() as unknown as ProxyEnv['USAGE'],
  };
  const body = JSON.stringify({
    model: BENCH_MODEL,
    stream: true,
    messages: [{ role: 'user', content: 'hello' }],
  });
  const request = () =>
    new Request('http://proxy.test/v1/chat/completions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body,
    });
  // The log line is still built and serialized; only the terminal write is skipped.
  const log = console.log;
  console.log = () => {};
  const added: number[] = [];
  try {
    for (let i = 0; i < iterations + 200; i++) {
      let started = performance.now();
      const direct = await bare();
      await direct.body!.getReader().read();
      const baseline = performance.now() - started;
      const sent = request();
      started = performance.now();
      const proxied = await proxy(sent, env);
      if (proxied.status !== 200)
        throw new Error(`proxy answered ${proxied.status}: ${await proxied.text()}`);
      await proxied.body!.getReader().read();
      const through = performance.now() - started;
      // The first 200 warm up the JIT.
      if (i >= 200) added.push(through - baseline);
    }
  } finally {
    console.log = log;
  }
  return added;
}

/**
 * The `USAGE` Durable Object namespace in-process (V8 has no Durable Objects): the counter's own
 * grant logic on a Map, so the proxy's own limit bookkeeping is timed without a runtime hop.
 */
function inMemoryUsage() {
  const counts = new Map<string, Counts>();
  return {
    idFromName: (name: string) => name,
    get: (id: string) => ({
      async grant(ask: GrantAsk) {
        let held = counts.get(id);
        if (held === undefined) {
          held = { windowStart: 0, windowCount: 0, day: '', spent: 0 };
          counts.set(id, held);
        }
        return applyGrant(held, ask);
      },
    }),
  };
}
