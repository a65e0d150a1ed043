import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { AgentEvent, AgentEventOf } from '../events.js';
import { memoryStore } from '../memory/memory-store.js';
import { memoryRunLog } from '../telemetry/run-log.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('agent.run', () => {
  it('answers directly, streaming the text, and stores the turn', async () => {
    const store = memoryStore();
    const agent = createAgent({
      model: mockModel([{ text: 'Hello there, friend.' }]),
      store,
      systemPrompt: 'Be kind.',
    });
    const events = await collect(agent.run({ conversationId: 'c1', message: 'Hi' }));
    expect(
      ofType(events, 'response.chunk')
        .map((e) => e.text)
        .join(''),
    ).toBe('Hello there, friend.');
    expect(ofType(events, 'response.done')[0]?.text).toBe('Hello there, friend.');
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed', turns: 1 });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(await store.load('c1')).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello there, friend.' },
    ]);
  });

  it('gives each run its own run id and, without one given, its own conversation id', async () => {
    const agent = createAgent({ model: mockModel([{ text: 'one' }, { text: 'two' }]) });
    const starts = [
      ...ofType(await collect(agent.run({ message: 'first' })), 'run.start'),
      ...ofType(await collect(agent.run({ message: 'second' })), 'run.start'),
    ];
    const runIds = starts.map((e) => e.runId);
    const conversationIds = starts.map((e) => e.conversationId);
    for (const id of runIds) expect(id).toMatch(/^run_[0-9a-f]{16}$/);
    for (const id of conversationIds) expect(id).toMatch(/^conv_[0-9a-f]{16}$/);
    expect(new Set([...runIds, ...conversationIds].map((id) => id.split('_')[1])).size).toBe(4);
  });

  it('sends the system prompt per request without storing it, and continues the conversation', async () => {
    const model = mockModel([{ text: 'one' }, { text: 'two' }]);
    const agent = createAgent({ model, systemPrompt: 'SYS' });
    await collect(agent.run({ conversationId: 'c', message: 'first' }));
    await collect(agent.run({ conversationId: 'c', message: 'second' }));
    expect(model.requests[1]?.messages).toEqual([
      { role: 'system', content: 'SYS' },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: 'second' },
    ]);
    expect((await agent.store.load('c')).some((m) => m.role === 'system')).toBe(false);
  });

  it('runs all tool calls of a turn in parallel', async () => {
    const spans: Record<string, { start: number; end: number }> = {};
    const slow = defineTool({
      name: 'slow',
      description: 'Waits.',
      parameters: z.object({ label: z.string() }),
      execute: async ({ label }) => {
        const start = performance.now();
        await sleep(80);
        spans[label] = { start, end: performance.now() };
        return `done ${label}`;
      },
    });
    const model = mockModel([
      {
        toolCalls: [
          { id: 'a', name: 'slow', arguments: { label: 'a' } },
          { id: 'b', name: 'slow', arguments: { label: 'b' } },
          { id: 'c', name: 'slow', arguments: { label: 'c' } },
        ],
      },
      { text: 'all done' },
    ]);
    const events = await collect(createAgent({ model, tools: [slow] }).run({ message: 'go' }));
    const { a, b, c } = spans;
    // Every call started before any other ended: they overlapped.
    expect(a && b && c).toBeTruthy();
    expect(Math.max(a!.start, b!.start, c!.start)).toBeLessThan(Math.min(a!.end, b!.end, c!.end));
    expect(
      ofType(events, 'tool.complete')
        .map((e) => e.toolCallId)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
    expect(model.requests[1]?.messages.filter((m) => m.role === 'tool')).toEqual([
      { role: 'tool', toolCallId: 'a', toolName: 'slow', content: 'done a' },
      { role: 'tool', toolCallId: 'b', toolName: 'slow', content: 'done b' },
      { role: 'tool', toolCallId: 'c', toolName: 'slow', content: 'done c' },
    ]);
  });

  it('turns a throwing tool into an Error tool message and keeps going', async () => {
    const broken = defineTool({
      name: 'broken',
      description: 'Fails.',
      parameters: z.object({}),
      execute: () => {
        throw new Error('database is down');
      },
    });
    const model = mockModel([
      { toolCalls: [{ name: 'broken', arguments: {} }] },
      { text: 'Sorry, the database is down.' },
    ]);
    const events = await collect(createAgent({ model, tools: [broken] }).run({ message: 'query' }));
    expect(ofType(events, 'tool.error')[0]).toMatchObject({ name: 'broken', error: 'database is down' });
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Error: database is down',
    });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed', turns: 2 });
  });

  it('shows and logs the arguments the model sent, even when the tool changes the ones it gets', async () => {
    const tag = defineTool({
      name: 'tag',
      description: 'Adds a tag.',
      parameters: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } },
      execute: (args: { tags: string[] }) => {
        args.tags.push('added-by-tool');
        return args.tags.length;
      },
    });
    const runLog = memoryRunLog();
    const model = mockModel([
      { toolCalls: [{ name: 'tag', arguments: { tags: ['a'] } }] },
      { text: 'Tagged.' },
    ]);
    const events = await collect(createAgent({ model, tools: [tag], runLog }).run({ message: 'tag it' }));
    expect(ofType(events, 'tool.start')[0]?.args).toEqual({ tags: ['a'] });
    expect(ofType(events, 'tool.complete')[0]?.result).toBe(2);
    const kinds = runLog.records().map((r) => r.kind);
    expect(kinds.filter((k) => k.startsWith('model.') || k.startsWith('tool.') || k === 'decision')).toEqual([
      'model.request',
      'model.response',
      'decision',
      'tool.call',
      'tool.result',
      'model.request',
      'model.response',
      'decision',
    ]);
    expect(runLog.records().find((r) => r.kind === 'tool.call')).toMatchObject({ args: { tags: ['a'] } });
  });

  it('returns invalid JSON, unknown tools and schema failures to the model as tool results', async () => {
    let executed = 0;
    const add = defineTool({
      name: 'add',
      description: 'Adds.',
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => {
        executed++;
        return a + b;
      },
    });
    const model = mockModel([
      {
        toolCalls: [
          { id: 'json', name: 'add', arguments: '{"a": 1, "b":' },
          { id: 'unknown', name: 'subtract', arguments: {} },
          { id: 'schema', name: 'add', arguments: { a: 'one', b: 2 } },
          { id: 'good', name: 'add', arguments: { a: 1, b: 2 } },
        ],
      },
      { text: '3' },
    ]);
    await collect(createAgent({ model, tools: [add] }).run({ message: 'add' }));
    const results = Object.fromEntries(
      model.requests[1]!.messages.flatMap((m) => (m.role === 'tool' ? [[m.toolCallId, m.content]] : [])),
    );
    expect(results.json).toMatch(/^Error: the arguments for add are not valid JSON/);
    expect(results.unknown).toBe('Error: unknown tool "subtract". Available tools: add.');
    expect(results.schema).toMatch(/^Error: invalid arguments for add: a: .*number/);
    expect(results.good).toBe('3');
    expect(executed).toBe(1);
  });

  it('stops a model that never stops calling tools at maxTurns', async () => {
    const ping = defineTool({
      name: 'ping',
      description: 'Ping.',
      parameters: z.object({}),
      execute: () => 'pong',
    });
    const model = mockModel([{ toolCalls: [{ name: 'ping', arguments: {} }] }]);
    const store = memoryStore();
    const events = await collect(
      createAgent({ model, tools: [ping], store, limits: { maxTurns: 4 } }).run({
        conversationId: 'c',
        message: 'loop',
      }),
    );
    expect(model.requests).toHaveLength(4);
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'max-turns', turns: 4 });
    expect((events.at(-1) as AgentEventOf<'run.finish'>).message).toMatch(/maxTurns/);
    // The user's message and the four finished turns are kept.
    expect(await store.load('c')).toHaveLength(1 + 4 * 2);
  });

  it('aborts the model stream and running tools with one signal, storing no partial turn', async () => {
    let toolSignal: AbortSignal | undefined;
    const wait = defineTool({
      name: 'wait',
      description: 'Waits until aborted.',
      parameters: z.object({}),
      execute: (_args, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    });
    const store = memoryStore();
    const model = mockModel([{ toolCalls: [{ name: 'wait', arguments: {} }] }, { text: 'never' }]);
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    for await (const event of createAgent({ model, tools: [wait], store }).run({
      conversationId: 'c',
      message: 'please wait',
      signal: controller.signal,
    })) {
      events.push(event);
      if (event.type === 'tool.start') setTimeout(() => controller.abort(), 10);
    }
    expect(toolSignal?.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'aborted' });
    expect(model.requests).toHaveLength(1);
    expect(await store.load('c')).toEqual([{ role: 'user', content: 'please wait' }]);

    const streaming = mockModel([{ text: 'a long answer that streams slowly', chunkSize: 2, delayMs: 20 }]);
    const stop = new AbortController();
    const seen: AgentEvent[] = [];
    for await (const event of createAgent({ model: streaming }).run({
      message: 'talk',
      signal: stop.signal,
    })) {
      seen.push(event);
      if (event.type === 'response.chunk') stop.abort();
    }
    expect(ofType(seen, 'response.chunk')).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({ type: 'run.finish', status: 'aborted' });
  });

  it('keeps the user message and finished turns when the model fails', async () => {
    const ping = defineTool({
      name: 'ping',
      description: 'Ping.',
      parameters: z.object({}),
      execute: () => 'pong',
    });
    const model = mockModel([
      { toolCalls: [{ name: 'ping', arguments: {} }] },
      () => {
        throw new Error('provider exploded');
      },
    ]);
    const store = memoryStore();
    const events = await collect(
      createAgent({ model, tools: [ping], store }).run({ conversationId: 'c', message: 'hi' }),
    );
    expect(ofType(events, 'error')[0]).toMatchObject({ message: 'provider exploded' });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'failed' });
    expect((await store.load('c')).map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('rejects bad input with errors that say what to fix', async () => {
    const model = mockModel([{ text: 'x' }]);
    expect(() => createAgent({ model: undefined as never })).toThrow(/model is required/);
    expect(() => createAgent({ model, limits: { maxTurns: 0 } })).toThrow(/maxTurns/);
    const t = defineTool({ name: 't', description: 'd', parameters: z.object({}), execute: () => 1 });
    expect(() => createAgent({ model, tools: [t, t] })).toThrow(/unique/);
    await expect(collect(createAgent({ model }).run({ message: '  ' }))).rejects.toThrow(/non-empty/);
  });
});
