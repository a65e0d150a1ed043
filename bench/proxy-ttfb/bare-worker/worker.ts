// The floor for bench/proxy-ttfb: the least a Worker can do to pass a stream through (no config
// validation, CORS, auth, limits, header filtering or logging), run under the same `wrangler dev`.
interface Env {
  UPSTREAM_BASE_URL: string;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === '/health') return new Response('ok');
    const upstream = await fetch(`${env.UPSTREAM_BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: request.body,
    });
    return new Response(upstream.body, upstream);
  },
};
