import { runDurableObjectAlarm } from 'cloudflare:test';
import { env as bindings } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  chatRequest,
  proxyRequest,
  stubUpstream,
  testEnv,
  upstreamEventStream,
  withExecutionContext,
} from '../../test/harness';
import { createProxy } from '../routes/create-proxy';
import { STREAM_ID_HEADER } from './stream-id';

const env = () => testEnv({ STREAMS: bindings.STREAMS });
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function resumable(ip: string) {
  return chatRequest({
    headers: { 'X-Resumable': '1', 'CF-Connecting-IP': ip },
    body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
  });
}

function resume(id: string, ip: string, lastEventId?: string, method = 'GET') {
  return proxyRequest(`/v1/streams/${id}`, {
    method,
    headers: { 'CF-Connecting-IP': ip, 'Last-Event-ID': lastEventId },
  });
}

const storeOf = (id: string) => bindings.STREAMS.get(bindings.STREAMS.idFromName(id));

async function readSome(body: ReadableStream<Uint8Array>, bytes: number): Promise<string> {
  const reader = body.getReader();
  let text = '';
  while (text.length < bytes) {
    const next = await reader.read();
    if (next.done) break;
    text += new TextDecoder().decode(next.value);
  }
  reader.releaseLock();
  return text;
}

async function keptBytes(id: string, bytes: number): Promise<void> {
  for (;;) {
    const state = await storeOf(id).state();
    if ((state?.bytes ?? 0) >= bytes) return;
    await scheduler.wait(1);
  }
}

describe('resumable streams', () => {
  it('keeps a forwarded stream: a resume gets the rest from any byte, then the live tail; the upstream is called once', async () => {
    const upstream = upstreamEventStream();
    const stub = stubUpstream(() => upstream.response());
    const proxy = withExecutionContext(createProxy());
    const ip = freshIp();
    const first = await proxy.call(resumable(ip), env());
    const id = first.headers.get(STREAM_ID_HEADER)!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    upstream.push('data: {"a":1}\n\n');
    upstream.push('data: {"b":2}\n\n');
    const seen = await readSome(first.body!, 28);
    expect(seen).toBe('data: {"a":1}\n\ndata: {"b":2}\n\n');
    await first.body!.cancel(); // the page reloads

    await keptBytes(id, 15);
    const resumed = await proxy.call(resume(id, ip, '15'), env());
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('Content-Type')).toBe('text/event-stream');
    upstream.push('data: [DONE]\n\n');
    upstream.close();
    expect(await resumed.text()).toBe('data: {"b":2}\n\ndata: [DONE]\n\n');
    const whole = await proxy.call(resume(id, ip), env());
    expect(await whole.text()).toBe('data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n');
    expect(stub.spy).toHaveBeenCalledTimes(1);
    await proxy.settled();
    expect(await storeOf(id).state()).toMatchObject({ ended: true, complete: true });
  });

  it('keeps an Anthropic Messages stream the same way', async () => {
    const stub = stubUpstream(
      () =>
        new Response('event: message_stop\ndata: {"type":"message_stop"}\n\n', {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    const proxy = withExecutionContext(createProxy());
    const ip = freshIp();
    const anthropicEnv = testEnv({
      STREAMS: bindings.STREAMS,
      ANTHROPIC_API_KEY: 'sk-ant-test-streams',
      MODELS: 'claude-test=anthropic',
    });
    const first = await proxy.call(
      proxyRequest('/v1/messages', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Resumable': '1', 'CF-Connecting-IP': ip },
        body: JSON.stringify({
          model: 'claude-test',
          max_tokens: 10,
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      }),
      anthropicEnv,
    );
    const id = first.headers.get(STREAM_ID_HEADER)!;
    const whole = await first.text();
    await proxy.settled();
    expect(await (await proxy.call(resume(id, ip), anthropicEnv)).text()).toBe(whole);
    expect(stub.spy).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing unless the client asks (X-Resumable: 1)', async () => {
    stubUpstream(
      () => new Response('data: [DONE]\n\n', { headers: { 'Content-Type': 'text/event-stream' } }),
    );
    const proxy = withExecutionContext(createProxy());
    const plain = await proxy.call(chatRequest({ headers: { 'CF-Connecting-IP': freshIp() } }), env());
    expect(plain.headers.get(STREAM_ID_HEADER)).toBeNull();
    expect(await plain.text()).toBe('data: [DONE]\n\n');
  });

  it('Stop closes the upstream request and deletes the kept stream, also from a resumed page', async () => {
    const upstream = upstreamEventStream();
    const stub = stubUpstream(() => upstream.response());
    const proxy = withExecutionContext(createProxy());
    const ip = freshIp();
    const first = await proxy.call(resumable(ip), env());
    const id = first.headers.get(STREAM_ID_HEADER)!;
    upstream.push('data: {"a":1}\n\n');
    await first.body!.cancel();
    await keptBytes(id, 14);
    const resumed = await proxy.call(resume(id, ip), env());
    expect(await readSome(resumed.body!, 14)).toBe('data: {"a":1}\n\n');

    const signal = stub.requests[0]!.signal;
    expect(signal.aborted).toBe(false);
    const stopped = await proxy.call(resume(id, ip, undefined, 'DELETE'), env());
    expect(stopped.status).toBe(204);
    for (;;) {
      if (stub.spy.mock.calls[0]![1]!.signal!.aborted) break;
      await scheduler.wait(1);
    }
    expect((await proxy.call(resume(id, ip), env())).status).toBe(404);
  });

  it('refuses unknown, malformed, expired and other clients’ ids, and tampered positions, with no bytes', async () => {
    stubUpstream(
      () =>
        new Response('data: {"secret":1}\n\ndata: [DONE]\n\n', {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    const proxy = withExecutionContext(createProxy());
    const ip = freshIp();
    const first = await proxy.call(resumable(ip), env());
    const id = first.headers.get(STREAM_ID_HEADER)!;
    await first.text();
    await proxy.settled();

    const refused = async (request: Request, status: number, code: string) => {
      const response = await proxy.call(request, env());
      expect(response.status).toBe(status);
      const text = await response.text();
      expect(text).not.toContain('secret');
      expect(JSON.parse(text)).toMatchObject({ error: { code } });
    };
    await refused(resume('AAAAAAAAAAAAAAAAAAAAAA', ip), 404, 'stream_not_found');
    await refused(resume('not-a-stream-id', ip), 404, 'stream_not_found');
    await refused(resume(id, freshIp()), 403, 'stream_forbidden');
    await refused(resume(id, freshIp(), undefined, 'DELETE'), 403, 'stream_forbidden');
    for (const tampered of ['-1', 'abc', '1.5', '99999', `${id}:3`, '99999999999'])
      await refused(resume(id, ip, tampered), 400, 'stream_position_invalid');
    // Its rightful owner still gets it.
    expect(await (await proxy.call(resume(id, ip, '20'), env())).text()).toBe('data: [DONE]\n\n');

    expect(await runDurableObjectAlarm(storeOf(id))).toBe(true);
    await refused(resume(id, ip), 404, 'stream_not_found');
  });
});
