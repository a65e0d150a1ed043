import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { memoryStore } from '../memory/memory-store.js';
import { memoryRunLog } from '../telemetry/run-log.js';
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

describe('reasoning in a run', () => {
  it('streams reasoning apart from the answer, with its duration, and keeps it with the stored turn', async () => {
    const store = memoryStore();
    const agent = createAgent({
      model: mockModel([
        {
          reasoning: 'I should look the word up.',
          toolCalls: [{ name: 'lookup', arguments: { word: 'hi' } }],
        },
        { reasoning: 'Now I know.', text: 'It is a greeting.', delayMs: 5 },
      ]),
      store,
      tools: [lookup],
    });
    const events = await collect(agent.run({ conversationId: 'c', message: 'What is hi?' }));
    expect(
      ofType(events, 'reasoning.chunk')
        .map((e) => e.text)
        .join(''),
    ).toBe('I should look the word up.Now I know.');
    const done = ofType(events, 'reasoning.done');
    expect(done.map((e) => [e.turn, e.text])).toEqual([
      [1, 'I should look the word up.'],
      [2, 'Now I know.'],
    ]);
    expect(done[1]!.durationMs).toBeGreaterThanOrEqual(5);
    expect(ofType(events, 'response.done')[0]?.text).toBe('It is a greeting.');
    // The answer's reasoning ends before the answer starts.
    const types = events.map((e) => e.type);
    expect(types.lastIndexOf('reasoning.done')).toBeLessThan(types.indexOf('response.chunk'));
    const stored = await store.load('c');
    expect(stored.at(-1)).toMatchObject({
      role: 'assistant',
      content: 'It is a greeting.',
      reasoning: { text: 'Now I know.', durationMs: expect.any(Number) },
    });
    expect(stored[1]).toMatchObject({ role: 'assistant', reasoning: { text: 'I should look the word up.' } });
  });

  it('writes stream warnings to the run log instead of failing', async () => {
    const runLog = memoryRunLog();
    const agent = createAgent({
      model: mockModel([
        [
          { type: 'warning', message: 'Ignored delta.reasoning of type object' },
          { type: 'text-delta', text: 'ok' },
          { type: 'finish', reason: 'stop' },
        ],
      ]),
      runLog,
    });
    const events = await collect(agent.run({ message: 'hi' }));
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(runLog.records().filter((r) => r.kind === 'model.warning')).toEqual([
      expect.objectContaining({ message: 'Ignored delta.reasoning of type object' }),
    ]);
  });

  it('logs the count of stream events the reader skipped as unknown with the model response', async () => {
    const runLog = memoryRunLog();
    const agent = createAgent({
      model: mockModel([
        [
          { type: 'text-delta', text: 'ok' },
          { type: 'finish', reason: 'stop', ignoredEvents: 2 },
        ],
      ]),
      runLog,
    });
    await collect(agent.run({ message: 'hi' }));
    expect(runLog.records().filter((r) => r.kind === 'model.response')).toEqual([
      expect.objectContaining({ text: 'ok', ignoredEvents: 2 }),
    ]);
  });
});
