import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  callProxy,
  captureConsole,
  chatRequest,
  PROXY,
  proxyRequest,
  settled,
  stubUpstream,
  TEST_KEY,
  testEnv,
  UPSTREAM_BASE_URL,
  upstreamEventStream,
} from '../test/harness';

describe('worker', () => {
  it('answers GET /health with {"ok":true} and nothing about the upstream', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(new Request(`${PROXY}/health`));
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(JSON.parse(text)).toEqual({ ok: true });
    expect(text).not.toContain('upstream.test');
    expect(text).not.toContain(TEST_KEY);
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('answers an unknown route with a 404 JSON error', async () => {
    const response = await callProxy(proxyRequest('/v1/embeddings', { method: 'POST', body: '{}' }));

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers a known route with the wrong method with 405 and Allow', async () => {
    const getChat = await callProxy(proxyRequest('/v1/chat/completions'));
    const postHealth = await callProxy(proxyRequest('/health', { method: 'POST', body: '{}' }));

    expect(getChat.status).toBe(405);
    expect(getChat.headers.get('Allow')).toBe('POST');
    expect(await getChat.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect(postHealth.status).toBe(405);
    expect(postHealth.headers.get('Allow')).toBe('GET');
  });

  it('writes one JSON log line per request with method, path, status, duration and origin check', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const logs = captureConsole();

    const chat = await callProxy(
      chatRequest({ headers: { Origin: ALLOWED_ORIGIN, Authorization: 'Bearer client-secret' } }),
    );
    await chat.text();
    const health = await callProxy(
      new Request(`${PROXY}/health?token=query-secret`, { headers: { Origin: 'https://evil.test' } }),
    );
    await health.text();
    await settled();

    expect(logs.lines).toHaveLength(2);
    const [ok, denied] = logs.lines.map((line) => JSON.parse(line));
    expect(ok).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      status: 200,
      origin: 'allowed',
      upstreamStatus: 200,
    });
    expect(typeof ok.durationMs).toBe('number');
    expect(ok).toMatchObject({ body: 'complete', totalMs: expect.any(Number) });
    expect(denied).toMatchObject({ method: 'GET', path: '/health', status: 403, origin: 'denied' });
    for (const leak of [TEST_KEY, 'client-secret', 'query-secret', 'gpt-test', UPSTREAM_BASE_URL]) {
      expect(logs.text()).not.toContain(leak);
    }
  });

  it('logs only answers with status >= 400 when LOG_REQUESTS is "errors"', async () => {
    stubUpstream(() => Response.json({ id: 'x' }));
    const logs = captureConsole();
    const env = testEnv({ LOG_REQUESTS: 'errors' });

    for (const request of [chatRequest(), new Request(`${PROXY}/health`), proxyRequest('/nowhere')])
      await (await callProxy(request, env)).text();
    await settled();

    expect(logs.lines.map((line) => JSON.parse(line).status)).toEqual([404]);
    const bad = await callProxy(new Request(`${PROXY}/health`), testEnv({ LOG_REQUESTS: 'verbose' }));
    expect(bad.status).toBe(500);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      'LOG_REQUESTS must be "all" or "errors"',
    );
  });

  it('writes the log line of a stream after its body has gone through, so logging never delays the first byte', async () => {
    const upstream = upstreamEventStream();
    stubUpstream(upstream.response);
    upstream.push('data: {"n":1}\n\n');
    const logs = captureConsole();

    const response = await callProxy(
      chatRequest({ body: JSON.stringify({ model: 'gpt-test', stream: true }) }),
    );
    const reader = response.body!.getReader();
    const first = await reader.read();
    // The first event is in the client's hands while the upstream is still open, and nothing is logged yet.
    expect(new TextDecoder().decode(first.value)).toContain('"n":1');
    expect(logs.lines, logs.text()).toHaveLength(0);
    upstream.push('data: [DONE]\n\n');
    upstream.close();
    while (!(await reader.read()).done);
    await settled();

    expect(logs.lines).toHaveLength(1);
    const line = JSON.parse(logs.lines[0]!);
    expect(line).toMatchObject({ path: '/v1/chat/completions', status: 200, body: 'complete' });
    expect(line.totalMs).toBeGreaterThanOrEqual(line.durationMs);
  });

  it('logs a stream the client left early as aborted, and stops reading the upstream', async () => {
    let cancelled = false;
    let tick: ReturnType<typeof setInterval> | null = null;
    stubUpstream(
      () =>
        new Response(
          // A live stream: an event every 10 ms until it is cancelled.
          new ReadableStream<Uint8Array>({
            start(controller) {
              const event = new TextEncoder().encode('data: {"n":1}\n\n');
              controller.enqueue(event);
              tick = setInterval(() => controller.enqueue(event), 10);
            },
            cancel() {
              cancelled = true;
              clearInterval(tick);
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        ),
    );
    const logs = captureConsole();

    const response = await callProxy(
      chatRequest({ body: JSON.stringify({ model: 'gpt-test', stream: true }) }),
    );
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await settled();
    clearInterval(tick);

    expect(cancelled).toBe(true);
    expect(JSON.parse(logs.lines[0]!)).toMatchObject({ status: 200, body: 'aborted' });
  });

  it('runs as the wrangler.jsonc main module with its bindings (integration through the runtime)', async () => {
    const response = await exports.default.fetch(
      new Request(`${PROXY}/health`, { headers: { Origin: ALLOWED_ORIGIN } }),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED_ORIGIN);
  });
});
