import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { memoryStore } from '../memory/memory-store.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a word up.',
  parameters: z.object({ word: z.string() }),
  execute: ({ word }) => `${word}: a greeting`,
});

describe('tool.input', () => {
  it('streams the arguments text so far for each delta, before tool.start with the parsed arguments', async () => {
    const agent = createAgent({
      model: mockModel([
        [
          { type: 'tool-call-start', index: 0, id: 'c1', name: 'lookup' },
          { type: 'tool-call-delta', index: 0, id: 'c1', argumentsDelta: '{"wo' },
          { type: 'tool-call-delta', index: 0, id: 'c1', argumentsDelta: 'rd":"h' },
          { type: 'tool-call-delta', index: 0, id: 'c1', argumentsDelta: 'i"}' },
          {
            type: 'tool-call-end',
            index: 0,
            toolCall: { id: 'c1', name: 'lookup', arguments: '{"word":"hi"}' },
          },
          { type: 'finish', reason: 'tool-calls' },
        ],
        { text: 'A greeting.' },
      ]),
      store: memoryStore(),
      tools: [lookup],
    });
    const events = await collect(agent.run({ conversationId: 'c', message: 'What is hi?' }));
    expect(
      ofType(events, 'tool.input').map(({ turn, toolCallId, name, argsText }) => ({
        turn,
        toolCallId,
        name,
        argsText,
      })),
    ).toEqual([
      { turn: 1, toolCallId: 'c1', name: 'lookup', argsText: '{"wo' },
      { turn: 1, toolCallId: 'c1', name: 'lookup', argsText: '{"word":"h' },
      { turn: 1, toolCallId: 'c1', name: 'lookup', argsText: '{"word":"hi"}' },
    ]);
    const types = events.map((e) => e.type).filter((t) => t === 'tool.input' || t === 'tool.start');
    expect(types).toEqual(['tool.input', 'tool.input', 'tool.input', 'tool.start']);
    expect(ofType(events, 'tool.start')[0]).toMatchObject({ toolCallId: 'c1', args: { word: 'hi' } });
  });

  it('comes before the approval request of a call that needs approval', async () => {
    const agent = createAgent({
      model: mockModel([
        { toolCalls: [{ id: 'c2', name: 'lookup', arguments: { word: 'yo' } }] },
        { text: 'Ok.' },
      ]),
      store: memoryStore(),
      tools: [{ ...lookup, needsApproval: true }],
    });
    const events = await collect(agent.run({ conversationId: 'c', message: 'What is yo?' }));
    const types = events.map((e) => e.type).filter((t) => t === 'tool.input' || t === 'approval.request');
    expect(types).toEqual(['tool.input', 'approval.request']);
    expect(ofType(events, 'tool.input')[0]).toMatchObject({ toolCallId: 'c2', argsText: '{"word":"yo"}' });
  });
});
