import {
  type AgentEvent,
  anthropic,
  autoModel,
  type ChatModel,
  createAgent,
  defineTool,
  ModelCallError,
  type ModelEvent,
  ModelNotFoundError,
  type ModelRequest,
  openAICompatible,
  priced,
  resolveOpenAIModel,
  StreamMalformedError,
  ToolsUnsupportedError,
} from '@agent-chat/core';
import type { ScriptedTurn } from '@agent-chat/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from './scripted-model-server.js';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer({
    models: ['text-embedding-3-small', 'llama3.1:8b', 'qwen2.5:1.5b', 'gemma:2b'],
  });
});
afterAll(() => server.close());

const formats: Array<[string, () => ChatModel]> = [
  ['OpenAI', () => openAICompatible({ baseURL: server.baseURL, model: 'scripted', apiKey: 'sk-test' })],
  ['Anthropic', () => anthropic({ baseURL: server.baseURL, model: 'scripted', apiKey: 'sk-ant-test' })],
];
const tools = [{ name: 'search', description: 'Searches', parameters: { type: 'object', properties: {} } }];

async function collect(model: ChatModel, request: Partial<ModelRequest> = {}): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }], ...request }))
    events.push(event);
  return events;
}
const calls = (events: ModelEvent[]) =>
  events.flatMap((e) => (e.type === 'tool-call-end' ? [e.toolCall] : []));

describe.each(formats)('%s wire format over real HTTP', (format, make) => {
  it('streams text and parallel tool calls with one-character argument fragments', async () => {
    const args = { q: 'thé vert "sencha"', page: 2, tags: ['a', 'b'] };
    server.enqueue({
      text: 'Looking…',
      toolCalls: [
        { id: 'call_1', name: 'search', arguments: args },
        { id: 'call_2', name: 'search', arguments: { q: 'oolong' } },
      ],
      fragmentSize: 1,
      usage: { inputTokens: 40, outputTokens: 12 },
    });
    const events = await collect(make(), { tools });
    expect(events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('')).toBe('Looking…');
    expect(calls(events).map((c) => [c.id, c.name, JSON.parse(c.arguments)])).toEqual([
      ['call_1', 'search', args],
      ['call_2', 'search', { q: 'oolong' }],
    ]);
    expect(events).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 40, outputTokens: 12, totalTokens: 52 },
    });
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
    const request = server.requests.at(-1)!;
    expect(request.path).toBe(format === 'OpenAI' ? '/v1/chat/completions' : '/v1/messages');
    if (format === 'OpenAI') expect(request.headers.authorization).toBe('Bearer sk-test');
    else expect(request.headers['x-api-key']).toBe('sk-ant-test');
  });

  it('gives tool calls without ids stable ids', async () => {
    server.enqueue({
      toolCalls: [
        { name: 'search', arguments: { q: 'x' } },
        { name: 'search', arguments: { q: 'y' } },
      ],
      omitToolCallIds: true,
    });
    const ids = calls(await collect(make(), { tools })).map((c) => c.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => id.length > 0)).toBe(true);
  });

  it('answers 429 with Retry-After and 529 overloaded as retryable errors', async () => {
    server.enqueue({ error: { status: 429, headers: { 'retry-after': '4' } } }, { error: { status: 529 } });
    await expect(collect(make())).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 4,
      isRetryable: true,
    });
    const overloaded = await collect(make()).catch((e: unknown) => e);
    expect(overloaded).toBeInstanceOf(ModelCallError);
    expect(overloaded).toMatchObject({ status: 529, isRetryable: true });
  });

  it('names the cause and the fix for a bad key, an HTML page and a model without tools', async () => {
    server.enqueue({ error: { status: 401 } });
    const unauthorized = await collect(make()).catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, isRetryable: false });
    expect((unauthorized as Error).message).toMatch(/refused the credentials.*check the API key/);
    server.enqueue({
      raw: { contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Sign in</title>' },
    });
    const html = await collect(make()).catch((e: unknown) => e);
    expect(html).toBeInstanceOf(StreamMalformedError);
    expect((html as Error).message).toMatch(/HTML page/);
    server.enqueue({ raw: { contentType: 'application/json', body: '{"choices":[]}' } });
    await expect(collect(make())).rejects.toThrow(
      /expected a text\/event-stream response, got "application\/json"/,
    );
    server.enqueue({
      error: { status: 400, body: { error: 'registry.ollama.ai/library/gemma:2b does not support tools' } },
    });
    const noTools = await collect(make(), { tools }).catch((e: unknown) => e);
    expect(noTools).toBeInstanceOf(ToolsUnsupportedError);
    expect((noTools as Error).message).toMatch(/does not support tool calling.*tool-capable model/);
  });
});

describe('OpenAI-compatible server quirks', () => {
  const model = () => openAICompatible({ baseURL: server.baseURL, model: 'scripted' });

  it('accepts a stream without a usage chunk and other finish-reason words', async () => {
    server.enqueue({ text: 'no usage here', finishReason: 'eos' } satisfies ScriptedTurn);
    const events = await collect(model());
    expect(events.some((e) => e.type === 'usage')).toBe(false);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'eos' });
  });

  it('sends response_format json_schema and image parts', async () => {
    server.enqueue({ text: '{"ok":true}' });
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    await collect(model(), {
      messages: [{ role: 'user', content: 'Describe', images: [{ url: 'data:image/png;base64,iVBORw0K' }] }],
      responseFormat: { type: 'json_schema', name: 'answer', schema },
    });
    expect(server.requests.at(-1)?.body).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema, strict: true } },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } },
          ],
        },
      ],
    });
  });
});

describe('model resolution (ADR-004 / ADR-007)', () => {
  it('uses the configured model when the endpoint lists it, else names what it offers', async () => {
    await expect(
      resolveOpenAIModel({ baseURL: server.baseURL, model: 'qwen2.5:1.5b' }),
    ).resolves.toMatchObject({ model: 'qwen2.5:1.5b' });
    const error = await resolveOpenAIModel({ baseURL: server.baseURL, model: 'llama9:70b' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect((error as Error).message).toMatch(
      /"llama9:70b" is not available.*llama3\.1:8b, qwen2\.5:1\.5b, gemma:2b/,
    );
    const best = await resolveOpenAIModel({
      baseURL: server.baseURL,
      model: 'llama9:70b',
      whenMissing: 'best',
    });
    expect(best).toMatchObject({ model: 'qwen2.5:1.5b' });
    expect(best.reason).toMatch(
      /configured llama9:70b is not available: smallest known tool-capable model of 3 chat models/,
    );
    expect(best.candidates).not.toContain('text-embedding-3-small');
  });

  it('autoModel picks the smallest known tool-capable chat model, announced as a decision', async () => {
    server.enqueue({ text: 'hello' });
    const events = await collect(autoModel({ baseURL: server.baseURL }));
    expect(events[0]).toMatchObject({ type: 'decided', model: 'openai:qwen2.5:1.5b' });
    expect((events[0] as { reason: string }).reason).toMatch(/tool-capable/);
    expect(server.requests.at(-1)?.body.model).toBe('qwen2.5:1.5b');
  });
});

describe.each(formats)('%s: a whole tool loop through createAgent, priced', (format, make) => {
  it('sends the tool result back in the provider format and prices each call', async () => {
    server.enqueue(
      {
        toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 2, b: 3 } }],
        usage: { inputTokens: 120, outputTokens: 20 },
      },
      { text: 'It is 5.', usage: { inputTokens: 160, outputTokens: 8 } },
    );
    const add = defineTool({
      name: 'add',
      description: 'Adds two numbers',
      parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
      execute: ({ a, b }: { a: number; b: number }) => a + b,
    });
    const price = { inputPerMTok: 2, outputPerMTok: 10 };
    const model = priced(make(), { prices: { scripted: price } });
    const events: AgentEvent[] = [];
    for await (const event of createAgent({ model, tools: [add], systemPrompt: 'Be exact.' }).run({
      message: 'What is 2 + 3?',
      conversationId: `loop-${format}`,
    }))
      events.push(event);
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'It is 5.' });
    const [first, second] = server.requests.slice(-2).map((r) => r.body);
    if (format === 'OpenAI') {
      expect(first?.messages).toEqual([
        { role: 'system', content: 'Be exact.' },
        { role: 'user', content: 'What is 2 + 3?' },
      ]);
      expect(second?.messages).toContainEqual({ role: 'tool', tool_call_id: 'c1', content: '5' });
    } else {
      expect(first).toMatchObject({
        system: 'Be exact.',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'What is 2 + 3?' }] }],
      });
      expect((second!.messages as unknown[]).slice(-2)).toEqual([
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'add', input: { a: 2, b: 3 } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: '5' }] },
      ]);
    }
    const costs = events.flatMap((e) => (e.type === 'usage' ? [e.costUsd] : []));
    expect(costs).toEqual([(120 * 2 + 20 * 10) / 1e6, (160 * 2 + 8 * 10) / 1e6]);
    expect(model.spentUsd(`loop-${format}`)).toBeCloseTo((120 * 2 + 20 * 10 + 160 * 2 + 8 * 10) / 1e6, 12);
  });
});
