type CreateProxy = typeof import('../../packages/proxy/src/index.ts').createProxy;

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
  };
  const body = JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hello' }] });
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
