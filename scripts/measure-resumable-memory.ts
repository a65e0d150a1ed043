// Issue 42's memory figure: 200 concurrent resumable streams through one proxy under wrangler dev
// (workerd), half of their pages gone mid-answer; the peak resident memory of the wrangler process tree
// (workerd included), sampled every 50 ms. Run: node scripts/measure-resumable-memory.ts
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { freePort, startProxyDev } from './lib/proxy-dev.ts';

const STREAMS = 200;
// RESUMABLE=0: the same load without keeping the streams, for comparison.
const RESUMABLE = process.env.RESUMABLE !== '0';
const ORIGIN = 'http://127.0.0.1:5999';

function treeRssKb(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  let total = 0;
  const visit = (pid: number) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {}
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return total;
}

// A slow OpenAI-style upstream: 60 chunks, 10 ms apart, then [DONE]; it counts its requests.
let upstreamRequests = 0;
const upstream = createServer(async (req, res) => {
  upstreamRequests++;
  for await (const _ of req);
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (let i = 0; i < 60 && !res.destroyed; i++) {
    res.write(
      `data: {"choices":[{"index":0,"delta":{"content":"Steep green tea at seventy degrees, part ${i}. "}}]}\n\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  res.end('data: [DONE]\n\n');
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const address = upstream.address();
const model = { baseURL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1` };
const proxy = await startProxyDev({
  upstreamBaseUrl: model.baseURL,
  allowedOrigins: [ORIGIN],
  upstreamApiKey: 'sk-memory-measure',
  port: await freePort(),
  vars: { MODELS: 'scripted-model', RATE_LIMIT_PER_MINUTE: '100000', DAILY_CREDITS: '100000' },
});
try {
  const baseline = treeRssKb(proxy.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssKb(proxy.pid));
  }, 50);
  const results = await Promise.all(
    Array.from({ length: STREAMS }, async (_, index) => {
      const response = await fetch(`${proxy.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          Origin: ORIGIN,
          'Content-Type': 'application/json',
          ...(RESUMABLE ? { 'X-Resumable': '1' } : {}),
        },
        body: JSON.stringify({
          model: 'scripted-model',
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      });
      const id = response.headers.get('X-Stream-Id');
      if (RESUMABLE && index % 2 === 0) {
        // This page goes away after its first bytes, then resumes from the start.
        const reader = response.body!.getReader();
        await reader.read();
        await reader.cancel();
        const resumed = await fetch(`${proxy.url}/v1/streams/${id}`, { headers: { Origin: ORIGIN } });
        return (await resumed.text()).includes('[DONE]');
      }
      return (await response.text()).includes('[DONE]');
    }),
  );
  clearInterval(sampler);
  const whole = results.filter(Boolean).length;
  console.log(
    JSON.stringify({
      resumable: RESUMABLE,
      streams: STREAMS,
      whole,
      lost: STREAMS - whole,
      upstreamRequests,
      rssBaselineMiB: Math.round(baseline / 102.4) / 10,
      rssPeakMiB: Math.round(peak / 102.4) / 10,
    }),
  );
} finally {
  await proxy.stop();
  upstream.close();
}
