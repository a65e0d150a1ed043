import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  ModelCallError,
  ModelUnreachableError,
  StreamInterruptedError,
  StreamMalformedError,
} from '../../errors.js';
import { eventStreamFetch } from '../../test/event-stream-fetch.js';
import { openAIStreamEvents } from '../../test/openai-wire.js';
import type { ModelEvent } from '../chat-model.js';
import { openAICompatible } from './openai-compatible.js';

const encoder = new TextEncoder();

async function collect(fetchImpl: typeof fetch): Promise<ModelEvent[]> {
  const model = openAICompatible({ baseURL: 'http://model.test/v1', model: 'm', fetch: fetchImpl });
  const events: ModelEvent[] = [];
  for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }] })) events.push(event);
  return events;
}

const recorded = encoder.encode(
  openAIStreamEvents({
    text: 'Héllo wörld 👋 — café',
    chunkSize: 3,
    toolCalls: [
      { id: 'call_a', name: 'lookup', arguments: { query: 'naïve 🌍 "quotes"', limit: 3 } },
      { id: 'call_b', name: 'add', arguments: { a: 1, b: 2 } },
    ],
    fragmentSize: 4,
    usage: { inputTokens: 12, outputTokens: 34 },
  }).join(''),
);

describe('openAICompatible streaming', () => {
  it('yields text, tool calls assembled from fragments, usage and the finish reason', async () => {
    const events = await collect(eventStreamFetch([recorded]));
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(text).toBe('Héllo wörld 👋 — café');
    const calls = events.flatMap((e) => (e.type === 'tool-call-end' ? [e.toolCall] : []));
    expect(calls).toEqual([
      { id: 'call_a', name: 'lookup', arguments: JSON.stringify({ query: 'naïve 🌍 "quotes"', limit: 3 }) },
      { id: 'call_b', name: 'add', arguments: '{"a":1,"b":2}' },
    ]);
    expect(events).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 12, outputTokens: 34, totalTokens: 46 },
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls', rawReason: 'tool_calls' });
  });

  it('gives identical results whatever byte boundary the stream is split at', async () => {
    const baseline = await collect(eventStreamFetch([recorded]));
    const merged = (events: ModelEvent[]) => JSON.stringify(events);
    for (let cut = 1; cut < recorded.length; cut++) {
      const events = await collect(eventStreamFetch([recorded.slice(0, cut), recorded.slice(cut)]));
      if (merged(events) !== merged(baseline)) expect.fail(`split at byte ${cut} changed the result`);
    }
    const byteByByte = await collect(eventStreamFetch([...recorded].map((b) => Uint8Array.of(b))));
    expect(byteByByte).toEqual(baseline);
  }, 30_000); // ~1 000 parses: slow only when the shared machine is busy

  it('sends tools in the provider format and asks for usage', async () => {
    let body: Record<string, unknown> = {};
    const fetchImpl: typeof fetch = async (_url, init) => {
      body = JSON.parse(String(init?.body));
      return eventStreamFetch([encoder.encode(openAIStreamEvents({ text: 'ok' }).join(''))])('');
    };
    const model = openAICompatible({ baseURL: 'http://model.test/v1/', model: 'm', fetch: fetchImpl });
    for await (const _ of model.stream({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 't', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'c1', toolName: 't', content: 'done' },
      ],
      tools: [{ name: 't', description: 'd', parameters: { type: 'object', properties: {} } }],
    }));
    expect(body).toMatchObject({
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      tools: [{ type: 'function', function: { name: 't', description: 'd' } }],
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 't', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'done' },
      ],
    });
    // Thousands of parses: seconds on a loaded CI machine, so a generous timeout (not a speed test).
  }, 60_000);
});

describe('openAICompatible errors', () => {
  it('turns an HTTP error into a ModelCallError with the provider message and retryability', async () => {
    const fetchImpl: typeof fetch = async () =>
      new Response(
        JSON.stringify({ error: { message: 'Rate limit reached for gpt-4o-mini', type: 'requests' } }),
        {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        },
      );
    const error = await collect(fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({
      status: 429,
      providerMessage: 'Rate limit reached for gpt-4o-mini',
      isRetryable: true,
      retryAfterSeconds: 2,
      code: 'rate_limited',
    });
    const unauthorized = await collect(
      async () => new Response('{"error":{"message":"bad key"}}', { status: 401 }),
    ).catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, isRetryable: false });
    expect((unauthorized as Error).message).toMatch(/API key/);
  });

  it('rejects an event that is not JSON with StreamMalformedError', async () => {
    const error = await collect(
      eventStreamFetch([encoder.encode('data: {"choices":[{"delta":{"content":"a"}}]}\n\ndata: {oops\n\n')]),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamMalformedError);
    expect((error as Error).message).toMatch(/not a JSON object/);
  });

  it('rejects a body that is not an event stream', async () => {
    const html = eventStreamFetch([encoder.encode('<html>Sign in</html>')], {
      headers: { 'content-type': 'text/html' },
    });
    await expect(collect(html)).rejects.toBeInstanceOf(StreamMalformedError);
    const noEvents = eventStreamFetch([encoder.encode('hello\nworld\n')]);
    await expect(collect(noEvents)).rejects.toThrow(/no server-sent events/);
  });

  it('reports a stream cut mid-answer as StreamInterruptedError, never as a finished answer', async () => {
    const cut = openAIStreamEvents({ text: 'This answer is cut', chunkSize: 4, cutAfterEvents: 3 }).join('');
    const error = await collect(eventStreamFetch([encoder.encode(cut)])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect(error).toMatchObject({ isRetryable: true });
    const broken: typeof fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(encoder.encode(openAIStreamEvents({ text: 'partial' })[1]!));
            controller.error(new TypeError('network error'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    await expect(collect(broken)).rejects.toBeInstanceOf(StreamInterruptedError);
  });

  it('reports an unreachable endpoint with the fix', async () => {
    const error = await collect(async () => {
      throw new TypeError('fetch failed');
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelUnreachableError);
    expect((error as Error).message).toMatch(/proxy is running/);
  });

  it('stops the stream when aborted', async () => {
    let cancelled = false;
    const slow: typeof fetch = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(encoder.encode(openAIStreamEvents({ text: 'first' })[1]!));
            init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
          },
          cancel() {
            cancelled = true;
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const controller = new AbortController();
    const model = openAICompatible({ baseURL: 'http://model.test/v1', model: 'm', fetch: slow });
    const seen: ModelEvent[] = [];
    const run = (async () => {
      for await (const event of model.stream({ messages: [] }, { signal: controller.signal })) {
        seen.push(event);
        controller.abort();
      }
    })();
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(seen).toHaveLength(1);
    expect(cancelled || controller.signal.aborted).toBe(true);
  });

  it('rejects bad configuration with the fix', () => {
    expect(() => openAICompatible({ baseURL: 'localhost:11434', model: 'm' })).toThrow(/http\(s\) URL/);
    expect(() => openAICompatible({ baseURL: 'http://x/v1', model: '' })).toThrow(/model is required/);
  });
});
