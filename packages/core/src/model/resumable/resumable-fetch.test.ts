import { describe, expect, it } from 'vitest';
import { resumableFetch, streamUrl } from './resumable-fetch.js';

const encoder = new TextEncoder();
const PROXY = 'https://proxy.test/v1/chat/completions';

/** A body that sends `parts` and then fails like a dropped connection (or ends when `cut` is false). */
function body(parts: string[], cut: boolean): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (index < parts.length) controller.enqueue(encoder.encode(parts[index++]!));
      else if (cut) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

function fakeProxy(answers: Array<(url: string, init: RequestInit) => Response>) {
  const calls: Array<{ url: string; method: string; headers: Headers }> = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    calls.push({ url: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers) });
    const answer = answers.shift();
    if (!answer) throw new TypeError('no more answers');
    return answer(String(input), init);
  };
  return { fetch, calls };
}

const sse = (stream: ReadableStream<Uint8Array>, id = 'stream-1') =>
  new Response(stream, { headers: { 'content-type': 'text/event-stream', 'X-Stream-Id': id } });

describe('resumableFetch', () => {
  it('asks the proxy to keep the stream, reports its id, and reads on from the byte it stopped at after a drop', async () => {
    const proxy = fakeProxy([
      () => sse(body(['data: {"a"', ':1}\n\n'], true)),
      () => new Response('busy', { status: 503 }),
      () => sse(body(['data: [DONE]\n\n'], false)),
    ]);
    const ids: string[] = [];
    const attempts: number[] = [];
    let reconnected = 0;
    const fetch = resumableFetch({
      fetch: proxy.fetch,
      onStream: (id) => ids.push(id),
      onReconnecting: (attempt) => attempts.push(attempt),
      onReconnected: () => reconnected++,
      backoffMs: () => 0,
    });
    const response = await fetch(PROXY, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
    expect(ids).toEqual(['stream-1']);
    expect(attempts).toEqual([1, 2]);
    expect(reconnected).toBe(1);
    expect(proxy.calls.map((call) => [call.method, call.url, call.headers.get('Last-Event-ID')])).toEqual([
      ['POST', PROXY, null],
      ['GET', 'https://proxy.test/v1/streams/stream-1', '15'],
      ['GET', 'https://proxy.test/v1/streams/stream-1', '15'],
    ]);
    expect(proxy.calls[0]!.headers.get('X-Resumable')).toBe('1');
  });

  it('gives the first failure when the stream is gone (404), never asking the model again', async () => {
    const proxy = fakeProxy([
      () => sse(body(['data: {"a":1}\n\n'], true)),
      () => new Response('{}', { status: 404 }),
    ]);
    const response = await resumableFetch({ fetch: proxy.fetch, backoffMs: () => 0 })(PROXY, {
      method: 'POST',
    });
    await expect(response.text()).rejects.toThrow('network error');
    expect(proxy.calls.map((call) => call.method)).toEqual(['POST', 'GET']);
  });

  it('Stop (abort) stops the kept stream at the proxy', async () => {
    const proxy = fakeProxy([() => sse(new ReadableStream()), () => new Response(null, { status: 204 })]);
    const abort = new AbortController();
    await resumableFetch({ fetch: proxy.fetch })(PROXY, { method: 'POST', signal: abort.signal });
    abort.abort();
    expect(proxy.calls.map((call) => [call.method, call.url])).toEqual([
      ['POST', PROXY],
      ['DELETE', 'https://proxy.test/v1/streams/stream-1'],
    ]);
  });

  it('replays a kept stream instead of making a call (after a reload)', async () => {
    const proxy = fakeProxy([() => sse(body(['data: [DONE]\n\n'], false), 'kept')]);
    const ids = ['kept'];
    const fetch = resumableFetch({ fetch: proxy.fetch, replay: () => ids.shift() });
    expect(await (await fetch(PROXY, { method: 'POST' })).text()).toBe('data: [DONE]\n\n');
    expect(proxy.calls.map((call) => [call.method, call.url])).toEqual([
      ['GET', 'https://proxy.test/v1/streams/kept'],
    ]);
  });

  it('puts the stream beside the model endpoint, under any path prefix', () => {
    expect(streamUrl('https://x.test/api/v1/messages', 'a b')).toBe('https://x.test/api/v1/streams/a%20b');
  });
});

describe('resumableFetch: Stop once the answer streams', () => {
  it('a cancelled body (the run stopped) stops the kept stream and makes no resume attempt', async () => {
    const proxy = fakeProxy([() => sse(new ReadableStream()), () => new Response(null, { status: 204 })]);
    const response = await resumableFetch({ fetch: proxy.fetch, backoffMs: () => 0 })(PROXY, {
      method: 'POST',
    });
    const reader = response.body!.getReader();
    const pending = reader.read().catch(() => undefined);
    await reader.cancel(new Error('stopped'));
    await pending;
    expect(proxy.calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });
});
