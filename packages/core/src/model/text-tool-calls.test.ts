import { describe, expect, it } from 'vitest';
import { collect } from '../test/collect.js';
import { eventStreamFetch } from '../test/event-stream-fetch.js';
import { mockModel } from '../test/mock-model.js';
import { openAIStreamEvents } from '../test/openai-wire.js';
import type { ModelEvent, ToolSpec } from './chat-model.js';
import { openAICompatible } from './openai/openai-compatible.js';
import { mayBeTextToolCall, parseTextToolCall } from './text-tool-call-parse.js';
import { recoverTextToolCalls } from './text-tool-calls.js';

const add = { name: 'add', arguments: '{"a":2,"b":3}' };
const tools: ToolSpec[] = [{ name: 'add', description: 'Adds.', parameters: { type: 'object' } }];

describe('parseTextToolCall', () => {
  it.each([
    ['{"name":"add","arguments":{"a":2,"b":3}}'],
    ['  {"tool": "add", "args": {"a": 2, "b": 3}}\n'],
    ['{"name":"add","parameters":{"a":2,"b":3}}'],
    ['[{"name":"add","arguments":{"a":2,"b":3}}]'],
    ['```json\n{"name":"add","arguments":{"a":2,"b":3}}\n```'],
    ['```\n{"name":"add","arguments":{"a":2,"b":3}}```'],
    ['<tool_call>\n{"name": "add", "arguments": {"a": 2, "b": 3}}\n</tool_call>'],
    ['<tool_call>{"name":"add","arguments":{"a":2,"b":3}}'],
    ['{"type":"function","function":{"name":"add","arguments":{"a":2,"b":3}}}'],
  ])('reads %s as one call', (text) => {
    expect(parseTextToolCall(text)).toEqual(add);
  });

  it('keeps string arguments as written, so bad JSON goes back to the model as a tool error', () => {
    expect(parseTextToolCall('{"name":"add","arguments":"{a:2"}')).toEqual({
      name: 'add',
      arguments: '{a:2',
    });
  });

  it.each([
    ['The answer is {"name":"add","arguments":{}}'],
    ['{"name":"Ada","age":36}'],
    ['[{"name":"add","arguments":{}},{"name":"add","arguments":{}}]'],
    ['```python\n{"name":"add","arguments":{}}\n```'],
    ['{"name":"add","arguments":[1,2]}'],
    ['{"name":"add","arguments":'],
    ['Just text.'],
  ])('leaves %s as text', (text) => {
    expect(parseTextToolCall(text)).toBeUndefined();
  });
});

describe('mayBeTextToolCall', () => {
  it('holds what may still become a call and releases prose, other JSON and code at once', () => {
    for (const prefix of [
      '',
      ' ',
      '{',
      '{"na',
      '{"name"',
      '[{"tool',
      '<tool',
      '<tool_call>\n{"',
      '``',
      '```json\n{',
    ])
      expect(mayBeTextToolCall(prefix), prefix).toBe(true);
    for (const prefix of ['H', 'The', '{"answer"', '```python\n', '<b>', '[1,'])
      expect(mayBeTextToolCall(prefix), prefix).toBe(false);
  });
});

describe('recoverTextToolCalls', () => {
  const run = async (text: string, offered: ToolSpec[] | undefined = tools) =>
    collect(recoverTextToolCalls(mockModel([{ text, chunkSize: 3 }]).stream({ messages: [] }), offered));

  it('turns a call written as text into a tool call, with no text left for the visitor', async () => {
    const events = await run('<tool_call>{"name":"add","arguments":{"a":2,"b":3}}</tool_call>');
    expect(events.filter((e) => e.type === 'text-delta')).toEqual([]);
    const end = events.find((e) => e.type === 'tool-call-end') as Extract<
      ModelEvent,
      { type: 'tool-call-end' }
    >;
    expect(end.toolCall).toMatchObject(add);
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
  });

  it('streams an ordinary answer unchanged, and JSON-looking text that is no call in one piece', async () => {
    const prose = await run('Two plus three is five.');
    expect(prose.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(3);
    expect(textOf(prose)).toBe('Two plus three is five.');
    const json = await run('{"name":"add"}, said the model');
    expect(textOf(json)).toBe('{"name":"add"}, said the model');
    expect(json.some((e) => e.type === 'tool-call-end')).toBe(false);
  });

  it('does nothing when no tools were offered', async () => {
    const events = await run('{"name":"add","arguments":{"a":2,"b":3}}', []);
    expect(textOf(events)).toBe('{"name":"add","arguments":{"a":2,"b":3}}');
  });
});

function textOf(events: ModelEvent[]): string {
  return events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
}

describe('openAICompatible and a tool call written as text', () => {
  const wire = openAIStreamEvents({
    text: '  ```json\n{"tool": "add", "args": {"a": 2, "b": 3}}\n```',
    chunkSize: 5,
  });
  const model = (textToolCalls?: boolean) =>
    openAICompatible({
      baseURL: 'http://model.test/v1',
      model: 'qwen2.5:1.5b',
      fetch: eventStreamFetch([new TextEncoder().encode(wire.join(''))]),
      ...(textToolCalls === undefined ? {} : { textToolCalls }),
    });

  it('makes it a tool call by default', async () => {
    const events = await collect(model().stream({ messages: [], tools }));
    expect(textOf(events)).toBe('');
    expect(events.find((e) => e.type === 'tool-call-end')).toMatchObject({ toolCall: add });
  });

  it('keeps it as text with textToolCalls: false', async () => {
    const events = await collect(model(false).stream({ messages: [], tools }));
    expect(textOf(events)).toContain('"tool": "add"');
    expect(events.some((e) => e.type === 'tool-call-end')).toBe(false);
  });
});
