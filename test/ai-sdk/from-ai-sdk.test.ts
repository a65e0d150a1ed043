import {
  AbortedError,
  type AgentEvent,
  type ChatModel,
  ConfigurationError,
  CreditsExhaustedError,
  createAgent,
  defineTool,
  ModelCallError,
  type ModelEvent,
  RateLimitedError,
  StreamInterruptedError,
} from '@agent-chat/core';
import { fromAISDK } from '@agent-chat/core/ai-sdk';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.js';

// Real AI SDK providers (@ai-sdk/openai-compatible, @ai-sdk/anthropic) over real HTTP to the scripted model
// server, wrapped by fromAISDK and driven by our agent loop.
let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());

const providers: Array<[string, () => ChatModel]> = [
  [
    'openai-compatible',
    () =>
      fromAISDK(
        createOpenAICompatible({
          name: 'scripted',
          baseURL: server.baseURL,
          apiKey: 'sk-test',
          includeUsage: true,
        })('scripted-model'),
      ),
  ],
  [
    'anthropic',
    () => fromAISDK(createAnthropic({ baseURL: server.baseURL, apiKey: 'sk-ant-test' })('claude-scripted')),
  ],
];

async function events(model: ChatModel, signal?: AbortSignal): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const e of model.stream({ messages: [{ role: 'user', content: 'hi' }] }, { signal }))
    out.push(e);
  return out;
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe.each(providers)('fromAISDK(%s) in our agent loop', (_name, make) => {
  it('runs the tool loop with reasoning and usage events', async () => {
    const seen: unknown[] = [];
    const weather = defineTool({
      name: 'weather',
      description: 'Weather of a city',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        seen.push(city);
        return { city, sky: 'sunny' };
      },
    });
    server.enqueue(
      {
        reasoning: 'The user wants weather; call the tool.',
        toolCalls: [{ id: 'call_w1', name: 'weather', arguments: { city: 'Lyon' } }],
        fragmentSize: 3,
        usage: { inputTokens: 30, outputTokens: 9 },
      },
      { text: 'It is sunny in Lyon.', usage: { inputTokens: 50, outputTokens: 7 } },
    );
    const before = server.requests.length;
    const agent = createAgent({ model: make(), tools: [weather] });
    const log: AgentEvent[] = [];
    for await (const e of agent.run({ message: 'Weather in Lyon?' })) log.push(e);
    expect(seen).toEqual(['Lyon']);
    expect(
      log.filter((e) => e.type === 'reasoning.done').map((e) => e.type === 'reasoning.done' && e.text),
    ).toEqual(['The user wants weather; call the tool.']);
    expect(log.find((e) => e.type === 'tool.complete')).toMatchObject({
      name: 'weather',
      result: { sky: 'sunny' },
    });
    expect(log.find((e) => e.type === 'response.done')).toMatchObject({ text: 'It is sunny in Lyon.' });
    expect(log.filter((e) => e.type === 'usage').map((e) => e.type === 'usage' && e.usage)).toEqual([
      { inputTokens: 30, outputTokens: 9, totalTokens: 39 },
      { inputTokens: 50, outputTokens: 7, totalTokens: 57 },
    ]);
    expect(log.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    // The tool result went back to the provider in its own wire format.
    expect(JSON.stringify(server.requests[before + 1]?.body)).toContain('sunny');
  });

  it('maps 429 to RateLimitedError with Retry-After, 402 to CreditsExhaustedError, 5xx to a retryable ModelCallError', async () => {
    server.enqueue({
      error: { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '7' } },
    });
    const limited = await failure(events(make()));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(limited).toMatchObject({ retryAfterSeconds: 7, code: 'rate_limited' });
    server.enqueue({
      error: { status: 402, body: { error: 'out of credits', credits: { limit: 100, balance: 0 } } },
    });
    const spent = await failure(events(make()));
    expect(spent).toBeInstanceOf(CreditsExhaustedError);
    expect(spent).toMatchObject({ isRetryable: false, limit: 100, balance: 0 });
    server.enqueue({ error: { status: 503, body: { error: { message: 'upstream down' } } } });
    const down = await failure(events(make()));
    expect(down).toBeInstanceOf(ModelCallError);
    expect(down).toMatchObject({ status: 503, isRetryable: true, providerMessage: 'upstream down' });
  });

  it('maps a stream cut mid-way to the retryable StreamInterruptedError', async () => {
    server.enqueue({ text: 'hello there friend', chunkSize: 3, cutAfterEvents: 3 });
    const cut = await failure(events(make()));
    expect(cut).toBeInstanceOf(StreamInterruptedError);
    expect(cut).toMatchObject({ isRetryable: true });
  });

  it('stops the provider call on abort with AbortedError', async () => {
    server.enqueue({ text: 'a long answer that streams slowly', chunkSize: 2, delayMs: 50 });
    const controller = new AbortController();
    const got: ModelEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const e of make().stream(
          { messages: [{ role: 'user', content: 'go' }] },
          { signal: controller.signal },
        )) {
          got.push(e);
          if (got.length === 2) controller.abort();
        }
      })(),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(got.length).toBeLessThan(5);
  });
});

describe('fromAISDK with ai/test’s MockLanguageModelV4', () => {
  it('turns stream parts into model events and sends our messages as the AI SDK prompt', async () => {
    const mock = new MockLanguageModelV4({
      doStream: {
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start', warnings: [] },
            { type: 'reasoning-start', id: 'r' },
            { type: 'reasoning-delta', id: 'r', delta: 'hm' },
            { type: 'reasoning-end', id: 'r' },
            { type: 'tool-input-start', id: 't1', toolName: 'lookup' },
            { type: 'tool-input-delta', id: 't1', delta: '{"q":' },
            { type: 'tool-input-delta', id: 't1', delta: '"x"}' },
            { type: 'tool-input-end', id: 't1' },
            { type: 'tool-call', toolCallId: 't1', toolName: 'lookup', input: '{"q":"x"}' },
            {
              type: 'finish',
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage: {
                inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 },
                outputTokens: { total: 3, text: 3, reasoning: 0 },
              },
            },
          ],
        }),
      },
    });
    const model = fromAISDK(mock);
    const out: ModelEvent[] = [];
    for await (const e of model.stream({
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'find x' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c0', name: 'lookup', arguments: '{"q":"y"}' }] },
        { role: 'tool', toolCallId: 'c0', toolName: 'lookup', content: 'nothing' },
      ],
      tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: {} } }],
      maxTokens: 99,
    }))
      out.push(e);
    expect(out.map((e) => e.type)).toEqual([
      'reasoning-delta',
      'reasoning-end',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-end',
      'usage',
      'finish',
    ]);
    expect(out.find((e) => e.type === 'tool-call-end')).toMatchObject({
      toolCall: { id: 't1', name: 'lookup', arguments: '{"q":"x"}' },
    });
    expect(out.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls', rawReason: 'tool_calls' });
    const call = mock.doStreamCalls[0];
    expect(call?.maxOutputTokens).toBe(99);
    expect(call?.tools).toEqual([
      {
        type: 'function',
        name: 'lookup',
        description: 'Looks up',
        inputSchema: { type: 'object', properties: {} },
      },
    ]);
    expect(call?.prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(call?.prompt[2]?.content).toEqual([
      { type: 'tool-call', toolCallId: 'c0', toolName: 'lookup', input: { q: 'y' } },
    ]);
  });

  it('refuses a model of an unsupported specification version, naming the supported ones', () => {
    const old = { specificationVersion: 'v2', provider: 'old', modelId: 'm', doStream: async () => ({}) };
    expect(() => fromAISDK(old)).toThrow(ConfigurationError);
    expect(() => fromAISDK(old)).toThrow(/"v2"; supported versions are v4 and v3/);
  });
});

describe('fromAISDK: the previous specification and errors inside the stream', () => {
  const finish = {
    type: 'finish' as const,
    finishReason: { unified: 'stop' as const, raw: 'stop' },
    usage: {
      inputTokens: { total: 2, noCache: 2, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
  };

  it('runs an ai@6 (v3) model in the agent', async () => {
    const mock = new MockLanguageModelV3({
      doStream: {
        stream: simulateReadableStream({
          chunks: [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'from v3' },
            { type: 'text-end', id: 't' },
            finish,
          ],
        }),
      },
    });
    const log: AgentEvent[] = [];
    for await (const e of createAgent({ model: fromAISDK(mock) }).run({ message: 'hi' })) log.push(e);
    expect(log.find((e) => e.type === 'response.done')).toMatchObject({ text: 'from v3' });
    expect(mock.doStreamCalls[0]?.prompt.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'hi' }],
    });
  });

  it('maps an overloaded error part to a retryable ModelCallError and an interrupted finish to StreamInterruptedError', async () => {
    const overloaded = new MockLanguageModelV4({
      doStream: {
        stream: simulateReadableStream({
          chunks: [
            {
              type: 'error',
              error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
            },
          ],
        }),
      },
    });
    const error = await failure(events(fromAISDK(overloaded)));
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ status: 529, isRetryable: true, providerMessage: 'Overloaded' });
    const cut = new MockLanguageModelV4({
      doStream: {
        stream: simulateReadableStream({
          chunks: [
            { type: 'text-delta', id: 't', delta: 'half' },
            { ...finish, finishReason: { unified: 'interrupted', raw: undefined } },
          ],
        }),
      },
    });
    expect(await failure(events(fromAISDK(cut)))).toBeInstanceOf(StreamInterruptedError);
  });
});
