import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { memoryStore } from '../memory/memory-store.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { createAgent } from './create-agent.js';

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a key up.',
  parameters: z.object({ key: z.string() }),
  execute: ({ key }) => ({ key, value: `${key}-value` }),
});

describe('supervisor', () => {
  it('answers directly: thinking, decided answer, streamed text', async () => {
    const agent = createAgent({ model: mockModel([{ text: 'Paris is the capital.' }]), tools: [lookup] });
    const events = await collect(agent.run({ message: 'Capital of France?' }));
    expect(events.map((e) => e.type)).toEqual([
      'run.start',
      'supervisor.thinking',
      'response.chunk',
      'response.chunk',
      'response.chunk',
      'supervisor.decided',
      'response.done',
      'run.finish',
    ]);
    expect(ofType(events, 'supervisor.thinking')[0]).toMatchObject({ iteration: 1, mode: 'native-tools' });
    expect(ofType(events, 'supervisor.decided')[0]).toMatchObject({ action: 'answer', mode: 'native-tools' });
    expect(events.at(-1)).toMatchObject({ status: 'completed', turns: 1 });
  });

  it('runs a 3-turn tool chain, each turn seeing the previous results', async () => {
    const model = mockModel([
      { text: 'First a.', toolCalls: [{ id: 't1', name: 'lookup', arguments: { key: 'a' } }] },
      (request) => ({
        toolCalls: [
          {
            id: 't2',
            name: 'lookup',
            arguments: { key: JSON.parse(String(request.messages.at(-1)?.content)).value },
          },
        ],
      }),
      { text: 'The chain ends at a-value-value.' },
    ]);
    const store = memoryStore();
    const events = await collect(
      createAgent({ model, tools: [lookup], store }).run({ conversationId: 'c', message: 'chain' }),
    );
    expect(ofType(events, 'supervisor.decided').map((e) => e.action)).toEqual([
      'call_tool',
      'call_tool',
      'answer',
    ]);
    expect(ofType(events, 'supervisor.decided')[0]?.reason).toBe('calls lookup: First a.');
    expect(ofType(events, 'tool.start').map((e) => e.args)).toEqual([{ key: 'a' }, { key: 'a-value' }]);
    expect(ofType(events, 'response.done')[0]?.text).toBe('The chain ends at a-value-value.');
    expect((await store.load('c')).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('clarifies with ask_user: the run waits, and the next message answers it', async () => {
    const model = mockModel([
      { toolCalls: [{ id: 'q', name: 'ask_user', arguments: { question: 'Which city?' } }] },
      { text: 'Sunny in Lyon.' },
    ]);
    const store = memoryStore();
    const agent = createAgent({ model, tools: [lookup], store, clarify: true });
    const first = await collect(agent.run({ conversationId: 'c', message: 'Weather?' }));
    expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual(['lookup', 'ask_user']);
    expect(ofType(first, 'supervisor.decided')[0]).toMatchObject({ action: 'clarify' });
    const request = ofType(first, 'clarify.request')[0]!;
    expect(request).toMatchObject({ question: 'Which city?', source: 'ask_user' });
    expect(first.at(-1)).toMatchObject({ type: 'run.finish', status: 'waiting' });
    expect(await agent.pending('c')).toMatchObject([{ requestId: request.requestId, kind: 'clarify' }]);
    // The user's message is kept even though the run paused.
    expect(await store.load('c')).toEqual([{ role: 'user', content: 'Weather?' }]);

    const second = await collect(agent.respond(request.requestId, 'Lyon'));
    expect(second.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(model.requests[1]?.messages.slice(-3)).toEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'q', name: 'ask_user', arguments: '{"question":"Which city?"}' }],
      },
      {
        role: 'tool',
        toolCallId: 'q',
        toolName: 'ask_user',
        content: "The user's answer is their next message.",
      },
      { role: 'user', content: 'Lyon' },
    ]);
    expect(await agent.pending('c')).toEqual([]);
    await expect(collect(agent.respond(request.requestId, 'again'))).rejects.toThrow(/no pending/);
  });

  it('asks approval before a sensitive tool; approved runs it, denied tells the model', async () => {
    let charged = 0;
    const charge = defineTool({
      name: 'charge_card',
      description: 'Charges the card.',
      parameters: z.object({ amount: z.number() }),
      needsApproval: true,
      execute: ({ amount }) => {
        charged += amount;
        return `charged ${amount}`;
      },
    });
    const script = () =>
      mockModel([
        {
          toolCalls: [
            { id: 'pay', name: 'charge_card', arguments: { amount: 30 } },
            { id: 'l', name: 'lookup', arguments: { key: 'k' } },
          ],
        },
        (request) => ({
          text: `Done: ${request.messages
            .filter((m) => m.role === 'tool')
            .map((m) => m.content)
            .join(' / ')}`,
        }),
      ]);

    const model = script();
    const agent = createAgent({ model, tools: [charge, lookup] });
    const first = await collect(agent.run({ conversationId: 'c', message: 'Pay 30' }));
    const approval = ofType(first, 'approval.request')[0]!;
    expect(approval).toMatchObject({ toolCallId: 'pay', name: 'charge_card', args: { amount: 30 } });
    expect(first.at(-1)).toMatchObject({ status: 'waiting' });
    // The other call of the turn already ran; the charge did not.
    expect(ofType(first, 'tool.complete').map((e) => e.name)).toEqual(['lookup']);
    expect(charged).toBe(0);
    // Answering twice at once runs the tool once.
    const [granted, twice] = await Promise.allSettled([
      collect(agent.respond(approval.requestId, true)),
      collect(agent.respond(approval.requestId, true)),
    ]).then(([a, b]) => [a.status === 'fulfilled' ? a.value : [], b] as const);
    expect(twice.status).toBe('rejected');
    expect(granted[0]).toMatchObject({ type: 'run.start', resumes: approval.requestId, message: '' });
    expect(charged).toBe(30);
    expect(ofType(granted, 'response.done')[0]?.text).toBe(
      'Done: charged 30 / {"key":"k","value":"k-value"}',
    );
    expect((await agent.store.load('c')).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);

    const deniedModel = script();
    const other = createAgent({ model: deniedModel, tools: [charge, lookup] });
    const paused = await collect(other.run({ message: 'Pay 30' }));
    const denied = await collect(other.respond(ofType(paused, 'approval.request')[0]!.requestId, false));
    expect(charged).toBe(30);
    expect(ofType(denied, 'response.done')[0]?.text).toMatch(/^Done: Error: the user denied this call/);
    await expect(collect(other.respond('req_nope', true))).rejects.toThrow(
      /no pending clarification or approval/,
    );
  });

  it('takes tools registered after the agent was created', async () => {
    const registry = new ToolRegistry();
    const model = mockModel([{ toolCalls: [{ name: 'lookup', arguments: { key: 'x' } }] }, { text: 'ok' }]);
    const agent = createAgent({ model, tools: registry });
    registry.register(lookup);
    const events = await collect(agent.run({ message: 'go' }));
    expect(ofType(events, 'tool.complete')[0]?.content).toBe('{"key":"x","value":"x-value"}');
    expect(() => registry.register(lookup)).toThrow(/unique/);
  });

  it('reflects after tool results: blocked ends gracefully with what was found', async () => {
    const model = mockModel([
      { toolCalls: [{ name: 'lookup', arguments: { key: 'flight' } }] },
      { text: '{"verdict":"blocked","reason":"No booking tool is available."}' },
      { text: 'I found the flight but cannot book it.' },
    ]);
    const events = await collect(
      createAgent({ model, tools: [lookup], reflect: true }).run({ message: 'Book it' }),
    );
    expect(ofType(events, 'supervisor.reflected')[0]).toMatchObject({ verdict: 'blocked' });
    expect(model.requests[2]?.tools).toBeUndefined();
    expect(model.requests[2]?.messages[0]?.content).toMatch(/cannot complete the request: No booking tool/);
    expect(ofType(events, 'response.done')[0]?.text).toBe('I found the flight but cannot book it.');
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'blocked', turns: 2 });
  });

  it('stops reflecting at maxIterations and answers', async () => {
    const model = mockModel([
      { toolCalls: [{ name: 'lookup', arguments: { key: 'a' } }] },
      { text: '{"verdict":"need_more","reason":"more"}' },
      { toolCalls: [{ name: 'lookup', arguments: { key: 'b' } }] },
      { text: '{"verdict":"need_more","reason":"more"}' },
      { text: 'Here is what I have.' },
    ]);
    const events = await collect(
      createAgent({ model, tools: [lookup], reflect: true, limits: { maxIterations: 2 } }).run({
        message: 'dig',
      }),
    );
    expect(ofType(events, 'supervisor.reflected')).toHaveLength(2);
    expect(model.requests[4]?.tools).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ status: 'completed' });
  });
});
