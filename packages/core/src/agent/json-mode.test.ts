import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';
import { extractJson } from './extract-json.js';
import { structured } from './structured-output.js';
import { StructuredOutputError } from './structured-output-error.js';

const NO_TOOLS = { tools: false, jsonSchema: false };
const weather = defineTool({
  name: 'get_weather',
  description: 'Weather for a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: 21°C`,
});

describe('JSON decision mode', () => {
  it('lets a model without tool calling answer in plain text when there is nothing to decide', async () => {
    const model = mockModel([{ text: 'Green teas: Sencha and Gyokuro.' }], NO_TOOLS);
    const events = await collect(createAgent({ model }).run({ message: 'Which green teas?' }));
    expect(ofType(events, 'response.done')[0]?.text).toBe('Green teas: Sencha and Gyokuro.');
    expect(ofType(events, 'supervisor.decided')[0]).toMatchObject({ action: 'answer', mode: 'json' });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.responseFormat).toBeUndefined();
  });

  it('retries prose-wrapped broken JSON, then schema-invalid JSON, and succeeds on attempt 3', async () => {
    const model = mockModel(
      [
        { text: "I'll help with that. Here's my decision: {action: CALL_TOOL, tool: get_weather}" },
        { text: '{"action": "SEARCH", "reasoning": "look it up"}' },
        {
          text: 'Sure:\n```json\n{"action":"CALL_TOOL","reasoning":"needs live data","tool":"get_weather","params":{"city":"Oslo"}}\n```',
        },
        { text: '{"action":"answer","reasoning":"have it","response":"It is 21°C in Oslo."}' },
      ],
      NO_TOOLS,
    );
    const agent = createAgent({ model, tools: [weather] });
    expect(agent.decisionMode).toBe('json');
    const events = await collect(agent.run({ message: 'Weather in Oslo?' }));

    // No tools API is used: the decision schema and the tool list travel in the prompt.
    expect(model.requests.every((r) => r.tools === undefined)).toBe(true);
    expect(model.requests[0]?.messages[0]?.content).toMatch(/get_weather: Weather for a city/);
    const second = model.requests[1]!.messages.at(-1)!.content;
    expect(second).toMatch(/PREVIOUS ATTEMPT FAILED[\s\S]*JSON parse error[\s\S]*Invalid JSON/);
    const third = model.requests[2]!.messages.at(-1)!.content;
    expect(third).toMatch(/Schema validation error[\s\S]*Field 'action'/);
    expect(model.requests[2]!.messages.at(-2)).toEqual({
      role: 'assistant',
      content: '{"action": "SEARCH", "reasoning": "look it up"}',
    });

    expect(ofType(events, 'supervisor.thinking').map((e) => e.mode)).toEqual(['json', 'json']);
    expect(ofType(events, 'supervisor.decided').map((e) => [e.action, e.reason])).toEqual([
      ['call_tool', 'needs live data'],
      ['answer', 'have it'],
    ]);
    expect(ofType(events, 'tool.complete')[0]).toMatchObject({ name: 'get_weather', content: 'Oslo: 21°C' });
    // The tool result reaches a tool-less model as a user message.
    expect(model.requests[3]?.messages.at(-2)).toEqual({
      role: 'user',
      content: 'Tool result (get_weather): Oslo: 21°C',
    });
    expect(ofType(events, 'response.done')[0]?.text).toBe('It is 21°C in Oslo.');
    expect(events.at(-1)).toMatchObject({ status: 'completed', turns: 2 });
  });

  it('plans and runs a workflow from a JSON decision', async () => {
    const model = mockModel(
      [
        {
          text: JSON.stringify({
            action: 'CREATE_WORKFLOW',
            reasoning: 'two cities at once',
            goal: 'Weather in two cities',
            steps: [
              { id: 'a', name: 'Oslo', tool: 'get_weather', input: { city: 'Oslo' } },
              { id: 'b', name: 'Rome', tool: 'get_weather', input: { city: 'Rome' } },
            ],
          }),
        },
        { text: '{"action":"answer","reasoning":"done","response":"Oslo 21°C, Rome 21°C."}' },
      ],
      NO_TOOLS,
    );
    const events = await collect(
      createAgent({ model, tools: [weather], workflows: true }).run({ message: 'Oslo and Rome?' }),
    );
    expect(model.requests[0]?.messages[0]?.content).toMatch(/"workflow": plan several tool steps/);
    expect(ofType(events, 'supervisor.decided')[0]).toMatchObject({ action: 'workflow', mode: 'json' });
    expect(ofType(events, 'workflow.created')[0]?.batches).toEqual([['a', 'b']]);
    expect(ofType(events, 'workflow.complete')[0]).toMatchObject({ status: 'done' });
    expect(model.requests[1]?.messages.at(-2)?.content).toMatch(
      /^Tool result \(plan_workflow\): .*Oslo: 21°C.*Rome: 21°C/,
    );
    expect(ofType(events, 'response.done')[0]?.text).toBe('Oslo 21°C, Rome 21°C.');
  });

  it('reflects in JSON mode and then answers in plain text, still reporting the json mode', async () => {
    const model = mockModel(
      [
        {
          text: '{"action":"call_tool","reasoning":"live data","tool":"get_weather","params":{"city":"Oslo"}}',
        },
        { text: '{"verdict":"satisfied","reason":"have the temperature"}' },
        { text: 'It is 21°C in Oslo.' },
      ],
      NO_TOOLS,
    );
    const events = await collect(
      createAgent({ model, tools: [weather], reflect: true }).run({ message: 'Oslo?' }),
    );
    expect(ofType(events, 'supervisor.reflected')[0]).toMatchObject({ verdict: 'satisfied' });
    expect(ofType(events, 'supervisor.thinking').map((e) => e.mode)).toEqual(['json', 'json']);
    expect(model.requests[2]?.messages[0]?.content).toMatch(/Answer the user now/);
    expect(model.requests[2]?.messages.some((m) => m.role === 'tool')).toBe(false);
    expect(ofType(events, 'response.done')[0]?.text).toBe('It is 21°C in Oslo.');
  });

  it('falls back to CLARIFY after three invalid decisions, saying so', async () => {
    const model = mockModel([{ text: 'I do not speak JSON.' }], NO_TOOLS);
    const events = await collect(createAgent({ model, tools: [weather] }).run({ message: 'hm' }));
    expect(model.requests).toHaveLength(3);
    expect(ofType(events, 'supervisor.decided')[0]).toMatchObject({
      action: 'clarify',
      mode: 'json',
      reason: expect.stringMatching(/no valid decision after 3 attempts/),
    });
    expect(ofType(events, 'clarify.request')[0]?.question).toMatch(/rephrase/);
    expect(events.at(-1)).toMatchObject({ status: 'waiting' });
  });

  it('uses the provider JSON-schema mode when the model offers it', async () => {
    const model = mockModel([{ text: '{"verdict": true}' }], { tools: false, jsonSchema: true });
    const value = await structured({
      model,
      messages: [],
      schema: z.object({ verdict: z.boolean() }),
      name: 'v',
    });
    expect(value).toEqual({ verdict: true });
    expect(model.requests[0]?.responseFormat).toMatchObject({ type: 'json_schema', name: 'v' });
  });

  it('throws a typed error holding every attempt', async () => {
    const model = mockModel([{ text: 'nope' }, { text: '{"x": 1}' }]);
    const error = await structured({
      model,
      messages: [],
      schema: z.object({ y: z.string() }),
      maxAttempts: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect((error as StructuredOutputError).attempts.map((a) => a.output)).toEqual(['nope', '{"x": 1}']);
    expect((error as StructuredOutputError).message).toMatch(/after 2 attempts.*Field 'y'/);
  });

  it('never downgrades silently: native-tools on a model without tool calling is refused', () => {
    expect(() =>
      createAgent({ model: mockModel([{ text: 'x' }], NO_TOOLS), decisionMode: 'native-tools' }),
    ).toThrow(/needs a model with tool calling/);
    expect(createAgent({ model: mockModel([{ text: 'x' }]), decisionMode: 'json' }).decisionMode).toBe(
      'json',
    );
  });

  it('extracts JSON from fences and prose, skipping brackets inside strings', () => {
    expect(extractJson('Here: {"a": "}{", "b": [1, {"c": 2}]} thanks')).toEqual({
      ok: true,
      value: { a: '}{', b: [1, { c: 2 }] },
    });
    expect(extractJson('```\n[1,2]\n```')).toEqual({ ok: true, value: [1, 2] });
    expect(extractJson('no json here')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Invalid JSON/),
    });
  });
});
