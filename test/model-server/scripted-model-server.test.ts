import { ModelCallError, type ModelEvent, openAICompatible, StreamInterruptedError } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from './scripted-model-server.js';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());

async function collect(): Promise<ModelEvent[]> {
  const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', apiKey: 'sk-test' });
  const events: ModelEvent[] = [];
  for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }] })) events.push(event);
  return events;
}

describe('scripted model server over real HTTP', () => {
  it('streams text in chunks and reports usage', async () => {
    server.enqueue({
      text: 'Hello from the scripted server',
      chunkSize: 5,
      usage: { inputTokens: 7, outputTokens: 6 },
    });
    const events = await collect();
    expect(events.filter((e) => e.type === 'text-delta')).toHaveLength(6);
    expect(events).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 7, outputTokens: 6, totalTokens: 13 },
    });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test');
  });

  it('streams several parallel tool calls with fragmented arguments', async () => {
    server.enqueue({
      toolCalls: [
        { name: 'search', arguments: { q: 'agent chat', page: 2 } },
        { name: 'weather', arguments: { city: 'Zürich' } },
      ],
      fragmentSize: 3,
    });
    const ends = (await collect()).flatMap((e) => (e.type === 'tool-call-end' ? [e.toolCall] : []));
    expect(ends.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['search', { q: 'agent chat', page: 2 }],
      ['weather', { city: 'Zürich' }],
    ]);
  });

  it('answers HTTP errors with provider-style bodies', async () => {
    server.enqueue({
      error: {
        status: 429,
        body: { error: { message: 'Too many requests', type: 'rate_limit' } },
        headers: { 'retry-after': '3' },
      },
    });
    const error = await collect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ status: 429, providerMessage: 'Too many requests', retryAfterSeconds: 3 });
  });

  it('cuts a stream mid-way', async () => {
    server.enqueue({ text: 'This will be cut off', chunkSize: 2, cutAfterEvents: 4 });
    await expect(collect()).rejects.toBeInstanceOf(StreamInterruptedError);
  });
});
