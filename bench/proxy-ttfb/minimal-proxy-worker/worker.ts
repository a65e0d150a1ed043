// A floor for bench/proxy-ttfb's warm-client rows: the least a Worker must do to forward a chat call
// whose size it bounds. It reads the whole body (as the proxy must, to refuse an oversized one), parses
// it as JSON, sends it upstream with a key, and relays the stream with CORS headers. No config, no
// limits, no logging: what any proxy that looks at the body pays under the same runtime.
interface Env {
  UPSTREAM_BASE_URL: string;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method === 'GET') return new Response('ok');
    const body = new Uint8Array(await request.arrayBuffer());
    const call = JSON.parse(new TextDecoder().decode(body)) as { model?: unknown };
    if (typeof call.model !== 'string') return new Response('model is required', { status: 400 });
    const upstream = await fetch(`${env.UPSTREAM_BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer bench' },
      body,
      redirect: 'manual',
    });
    const headers = new Headers(upstream.headers);
    headers.set('Access-Control-Allow-Origin', request.headers.get('Origin') ?? '*');
    headers.set('Vary', 'Origin');
    return new Response(upstream.body, { status: upstream.status, headers });
  },
};
