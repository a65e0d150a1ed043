import { describe, expect, it } from 'vitest';
import { ModelCallError, StreamInterruptedError, StreamMalformedError } from '../../errors.js';
import { anthropicStreamEvents } from '../../test/anthropic-wire.js';
import { eventStreamFetch } from '../../test/event-stream-fetch.js';
import type { ModelEvent, ModelRequest } from '../chat-model.js';
import { ToolsUnsupportedError } from '../model-errors.js';
import { anthropic } from './anthropic.js';

const encoder = new TextEncoder();

async function collect(fetchImpl: typeof fetch, request: Partial<ModelRequest> = {}): Promise<ModelEvent[]> {
  const model = anthropic({ baseURL: 'http://model.test/v1', model: 'claude-test', fetch: fetchImpl });
  const events: ModelEvent[] = [];
  for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }], ...request }))
    events.push(event);
  return events;
}

const args = { query: 'naïve 🌍 "quotes"', nested: { list: [1, 2, 3] } };
const recorded = encoder.encode(
  anthropicStreamEvents({
    text: 'Héllo wörld 👋',
    chunkSize: 3,
    toolCalls: [
      { id: 'toolu_a', name: 'lookup', arguments: args },
      { id: 'toolu_b', name: 'add', arguments: { a: 1, b: 2 } },
    ],
    fragmentSize: 5,
    usage: { inputTokens: 21, outputTokens: 55 },
  }).join(''),
);

describe('anthropic streaming', () => {
  it('yields text, tool_use blocks joined from input_json_delta fragments, usage and the stop reason', async () => {
    const events = await collect(eventStreamFetch([recorded]));
    expect(events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('')).toBe('Héllo wörld 👋');
    expect(events.filter((e) => e.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', index: 0, id: 'toolu_a', name: 'lookup' },
      { type: 'tool-call-start', index: 1, id: 'toolu_b', name: 'add' },
    ]);
    const calls = events.flatMap((e) => (e.type === 'tool-call-end' ? [e.toolCall] : []));
    expect(calls).toEqual([
      { id: 'toolu_a', name: 'lookup', arguments: JSON.stringify(args) },
      { id: 'toolu_b', name: 'add', arguments: '{"a":1,"b":2}' },
    ]);
    expect(events).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 21, outputTokens: 55, totalTokens: 76 },
    });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls', rawReason: 'tool_use' });
  });

  it('gives identical results whatever byte boundary the stream is split at', async () => {
    const baseline = JSON.stringify(await collect(eventStreamFetch([recorded])));
    for (let cut = 1; cut < recorded.length; cut++) {
      const events = await collect(eventStreamFetch([recorded.slice(0, cut), recorded.slice(cut)]));
      if (JSON.stringify(events) !== baseline) expect.fail(`split at byte ${cut} changed the result`);
    }
    const byteByByte = await collect(eventStreamFetch([...recorded].map((b) => Uint8Array.of(b))));
    expect(JSON.stringify(byteByByte)).toBe(baseline);
  }, 30_000); // ~1 000 parses: slow only when the shared machine is busy

  it('sends the system prompt, tools, tool results and images in the Messages format', async () => {
    let body: Record<string, unknown> = {};
    let headers: Headers = new Headers();
    const fetchImpl: typeof fetch = async (url, init) => {
      expect(String(url)).toBe('http://proxy.test/v1/messages');
      body = JSON.parse(String(init?.body));
      headers = new Headers(init?.headers);
      return eventStreamFetch([encoder.encode(anthropicStreamEvents({ text: 'ok' }).join(''))])('');
    };
    const model = anthropic({
      baseURL: 'http://proxy.test/v1/',
      model: 'claude-test',
      apiKey: 'sk-ant',
      fetch: fetchImpl,
    });
    for await (const _ of model.stream({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is this?', images: [{ url: 'data:image/png;base64,iVBORw0K' }] },
        {
          role: 'assistant',
          content: 'Let me look.',
          toolCalls: [
            { id: 't1', name: 'lookup', arguments: '{"q":"png"}' },
            { id: 't2', name: 'lookup', arguments: '{"q":"image"}' },
          ],
        },
        { role: 'tool', toolCallId: 't1', toolName: 'lookup', content: 'a picture' },
        { role: 'tool', toolCallId: 't2', toolName: 'lookup', content: 'Error: timed out' },
      ],
      tools: [{ name: 'lookup', description: 'd', parameters: { type: 'object', properties: {} } }],
      maxTokens: 256,
    }));
    expect(headers.get('x-api-key')).toBe('sk-ant');
    expect(headers.get('anthropic-version')).toBe('2023-06-01');
    expect(body).toEqual({
      model: 'claude-test',
      max_tokens: 256,
      stream: true,
      system: 'Be brief.',
      tools: [{ name: 'lookup', description: 'd', input_schema: { type: 'object', properties: {} } }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } },
            { type: 'text', text: 'What is this?' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me look.' },
            { type: 'tool_use', id: 't1', name: 'lookup', input: { q: 'png' } },
            { type: 'tool_use', id: 't2', name: 'lookup', input: { q: 'image' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: 'a picture' },
            { type: 'tool_result', tool_use_id: 't2', content: 'Error: timed out', is_error: true },
          ],
        },
      ],
    });
    // Thousands of parses: seconds on a loaded CI machine, so a generous timeout (not a speed test).
  }, 60_000);

  it('forces a tool for responseFormat and streams its input as the answer text', async () => {
    let body: Record<string, unknown> = {};
    const decision = { action: 'answer', reason: 'simple' };
    const fetchImpl: typeof fetch = async (_url, init) => {
      body = JSON.parse(String(init?.body));
      return eventStreamFetch([
        encoder.encode(
          anthropicStreamEvents({ toolCalls: [{ name: 'decision', arguments: decision }] }).join(''),
        ),
      ])('');
    };
    const schema = { type: 'object', properties: { action: { type: 'string' } } };
    const events = await collect(fetchImpl, {
      responseFormat: { type: 'json_schema', name: 'decision', schema },
    });
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'decision' });
    expect(body.tools).toEqual([
      { name: 'decision', description: 'Respond with this JSON object.', input_schema: schema },
    ]);
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
    expect(JSON.parse(text)).toEqual(decision);
    expect(events.some((e) => e.type === 'tool-call-end')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
  });
});

describe('anthropic errors', () => {
  const errorFetch =
    (status: number, body: unknown, headers: Record<string, string> = {}): typeof fetch =>
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });

  it('turns 429 and 529 overloaded into retryable ModelCallErrors with the provider message', async () => {
    const limited = await collect(
      errorFetch(
        429,
        { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } },
        { 'retry-after': '7' },
      ),
    ).catch((e: unknown) => e);
    expect(limited).toMatchObject({
      status: 429,
      retryAfterSeconds: 7,
      isRetryable: true,
      providerMessage: 'Slow down',
    });
    const overloaded = await collect(
      errorFetch(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    ).catch((e: unknown) => e);
    expect(overloaded).toBeInstanceOf(ModelCallError);
    expect(overloaded).toMatchObject({ status: 529, isRetryable: true, providerMessage: 'Overloaded' });
  });

  it('names the fix for a bad key, a model without tools and an HTML page', async () => {
    const unauthorized = await collect(
      errorFetch(401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      }),
    ).catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, isRetryable: false });
    expect((unauthorized as Error).message).toMatch(/check the API key/);
    const noTools = await collect(
      errorFetch(400, { error: { message: 'this model does not support tools' } }),
      {
        tools: [{ name: 't', description: 'd', parameters: {} }],
      },
    ).catch((e: unknown) => e);
    expect(noTools).toBeInstanceOf(ToolsUnsupportedError);
    expect((noTools as Error).message).toMatch(/choose a tool-capable model/);
    const html = await collect(
      eventStreamFetch([encoder.encode('<html>login</html>')], { headers: { 'content-type': 'text/html' } }),
    ).catch((e: unknown) => e);
    expect(html).toBeInstanceOf(StreamMalformedError);
    expect((html as Error).message).toMatch(/HTML page.*Anthropic Messages API/s);
  });

  it('reports an overloaded error event mid-stream and a cut stream', async () => {
    const midStream =
      anthropicStreamEvents({ text: 'partial answer' }).slice(0, 3).join('') +
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const error = await collect(eventStreamFetch([encoder.encode(midStream)])).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 529, isRetryable: true });
    const cut = anthropicStreamEvents({ text: 'This answer is cut', chunkSize: 4, cutAfterEvents: 5 }).join(
      '',
    );
    await expect(collect(eventStreamFetch([encoder.encode(cut)]))).rejects.toBeInstanceOf(
      StreamInterruptedError,
    );
  });
});
