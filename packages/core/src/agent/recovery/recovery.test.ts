import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { collect, ofType } from '../../test/collect.js';
import { mockModel } from '../../test/mock-model.js';
import { defineTool } from '../../tools/tool.js';
import { createAgent } from '../create-agent.js';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => ({ sum: a + b }),
});

/** A model answer cut after its first words (`StreamInterruptedError`). */
const cutAnswer = { text: 'Let me', cutAfterEvents: 1 };

describe('the loop recovers from small models’ mistakes', () => {
  it('retries a stream cut mid-answer once and tells the UI to drop the partial text first', async () => {
    const model = mockModel([cutAnswer, { text: 'Hello.' }]);
    const events = await collect(createAgent({ model, retry: false }).run({ message: 'Hi' }));
    const types = events.map((e) => e.type);
    expect(types.indexOf('response.reset')).toBeGreaterThan(types.indexOf('response.chunk'));
    expect(ofType(events, 'response.reset')[0]).toMatchObject({ turn: 1, code: 'stream_interrupted' });
    expect(ofType(events, 'response.done')[0]!.text).toBe('Hello.');
    expect(ofType(events, 'run.finish')[0]).toMatchObject({ status: 'completed' });
    expect(model.requests).toHaveLength(2);
  });

  it('ends with a typed, retryable error when the retry is cut too: never a finished answer', async () => {
    const model = mockModel([cutAnswer]);
    const events = await collect(createAgent({ model, retry: false }).run({ message: 'Hi' }));
    expect(ofType(events, 'response.done')).toEqual([]);
    expect(ofType(events, 'error')[0]).toMatchObject({ code: 'stream_interrupted', retryable: true });
    expect(ofType(events, 'run.finish')[0]!.status).toBe('failed');
  });

  it('asks again once with a nudge after an empty answer', async () => {
    const model = mockModel([{ text: '' }, { text: 'Five.' }]);
    const events = await collect(createAgent({ model }).run({ message: '2+3?' }));
    expect(ofType(events, 'response.done')[0]!.text).toBe('Five.');
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages[0]!.content).toMatch(/previous reply was empty/);
  });

  it('ends as an empty answer when the second answer is empty too (one retry only)', async () => {
    const model = mockModel([{ text: '' }]);
    const events = await collect(createAgent({ model }).run({ message: '2+3?' }));
    expect(model.requests).toHaveLength(2);
    expect(ofType(events, 'response.done')[0]!.text).toBe('');
  });

  it('answers the third identical call in a row with a tool error quoting the result it already has', async () => {
    const call = { toolCalls: [{ name: 'add', arguments: { b: 3, a: 2 } }] };
    const model = mockModel([call, call, call, { text: 'It is 5.' }]);
    const events = await collect(
      createAgent({ model, tools: [add], limits: { maxTurns: 6 } }).run({ message: '2+3?' }),
    );
    expect(ofType(events, 'tool.complete')).toHaveLength(2);
    const [error] = ofType(events, 'tool.error');
    expect(error!.error).toMatch(/already called add with these arguments 2 times in a row.*"sum":5/);
    expect(ofType(events, 'response.done')[0]!.text).toBe('It is 5.');
  });

  it('keeps a stubborn model within limits.maxTurns', async () => {
    const model = mockModel([{ toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }]);
    const events = await collect(
      createAgent({ model, tools: [add], limits: { maxTurns: 5 } }).run({ message: '2+3?' }),
    );
    expect(ofType(events, 'run.finish')[0]).toMatchObject({ status: 'max-turns', turns: 5 });
  });

  it('feeds an unknown tool name back with the closest names', async () => {
    const model = mockModel([
      { toolCalls: [{ name: 'addition', arguments: { a: 2, b: 3 } }] },
      { text: '5' },
    ]);
    const events = await collect(createAgent({ model, tools: [add] }).run({ message: '2+3?' }));
    expect(ofType(events, 'tool.error')[0]!.error).toMatch(/unknown tool "addition"\. Did you mean "add"/);
  });

  it.each([
    ['bad JSON', '{"a": 2, "b": ', /not valid JSON/],
    ['wrong types', '{"a": "two", "b": 3}', /invalid arguments for add: .*a/],
    ['a missing argument', '{"a": 2}', /invalid arguments for add: .*b/],
  ])('feeds %s back as a tool error the model can act on', async (_, args, message) => {
    const model = mockModel([{ toolCalls: [{ name: 'add', arguments: args }] }, { text: '5' }]);
    const events = await collect(createAgent({ model, tools: [add] }).run({ message: '2+3?' }));
    expect(ofType(events, 'tool.error')[0]!.error).toMatch(message);
    expect(ofType(events, 'run.finish')[0]!.status).toBe('completed');
  });

  it('reads a plain tool call a JSON-mode model wrote instead of a decision as call_tool', async () => {
    const model = mockModel(
      [
        { text: '{"name": "add", "arguments": {"a": 2, "b": 3}}' },
        { text: '{"action":"answer","reasoning":"done","response":"5"}' },
      ],
      { tools: false },
    );
    const events = await collect(createAgent({ model, tools: [add] }).run({ message: '2+3?' }));
    expect(ofType(events, 'tool.complete')[0]).toMatchObject({ name: 'add', result: { sum: 5 } });
    expect(model.requests).toHaveLength(2);
  });
});
