import { describe, expect, it } from 'vitest';
import { mockModel } from '../test/mock-model.js';
import type { ChatModel, ModelRequest } from './chat-model.js';
import { complexityScore, route } from './route.js';

const named = (id: string): ChatModel & { requests: ModelRequest[] } => {
  const model = mockModel([{ text: id, usage: { inputTokens: 10, outputTokens: 2 } }]);
  return Object.assign(model, { id });
};

describe('route (cost routing by complexity)', () => {
  it('scores a greeting low and a long analytical multi-step request high', () => {
    const greeting = complexityScore({ messages: [{ role: 'user', content: 'Hi there!' }] });
    const hard = complexityScore({
      messages: [
        {
          role: 'user',
          content: `Compare these designs step by step, explain why one is better and plan the migration. ${'Details. '.repeat(150)}`,
        },
        { role: 'assistant', content: '', toolCalls: [{ id: '1', name: 'read', arguments: '{}' }] },
        ...[1, 2, 3, 4].map((n) => ({
          role: 'tool' as const,
          toolCallId: String(n),
          toolName: 'read',
          content: 'x'.repeat(2000),
        })),
      ],
      tools: Array.from({ length: 10 }, (_, i) => ({ name: `t${i}`, description: 'd', parameters: {} })),
    });
    expect(greeting).toBeLessThan(0.3);
    expect(hard).toBeGreaterThanOrEqual(0.7);
  });

  it('sends each call to the tier its score falls in and says so', async () => {
    const simple = named('openai:gpt-4o-mini');
    const complex = named('openai:gpt-4o');
    const reasoning = named('anthropic:claude-sonnet-4-5');
    const scores = [0.1, 0.5, 0.9];
    const model = route({ simple, complex, reasoning }, { score: () => scores.shift() ?? 0 });
    const picked: string[] = [];
    for (let i = 0; i < 3; i++)
      for await (const event of model.stream({ messages: [{ role: 'user', content: 'q' }] })) {
        if (event.type === 'decided') picked.push(`${event.model} (${event.reason})`);
        if (event.type === 'usage') expect(event.model).toBe(picked.at(-1)?.split(' ')[0]);
      }
    expect(picked).toEqual([
      'openai:gpt-4o-mini (complexity 0.10 → simple)',
      'openai:gpt-4o (complexity 0.50 → complex)',
      'anthropic:claude-sonnet-4-5 (complexity 0.90 → reasoning)',
    ]);
    expect([simple.requests.length, complex.requests.length, reasoning.requests.length]).toEqual([1, 1, 1]);
  });

  it('offers only the capabilities all its models share', () => {
    const model = route({
      simple: mockModel([], { tools: false, contextWindow: 4096 }),
      complex: mockModel([]),
    });
    expect(model.capabilities).toMatchObject({ tools: false, contextWindow: 4096 });
    expect(() =>
      route({ simple: mockModel([]), complex: mockModel([]) }, { thresholds: { simple: 0.8, complex: 0.2 } }),
    ).toThrow(/thresholds/);
  });
});
