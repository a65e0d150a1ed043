import { describe, expect, it } from 'vitest';
import { eventStreamFetch } from '../../test/event-stream-fetch.js';
import type { ModelEvent } from '../chat-model.js';
import { openAICompatible } from './openai-compatible.js';

async function replay(deltas: unknown[]): Promise<ModelEvent[]> {
  const body = [
    ...deltas.map((delta) => `data: ${JSON.stringify({ choices: [{ delta }] })}\n\n`),
    'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
  ].join('');
  const model = openAICompatible({
    baseURL: 'http://model.test/v1',
    model: 'm',
    fetch: eventStreamFetch([new TextEncoder().encode(body)]),
  });
  const events: ModelEvent[] = [];
  for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }] })) events.push(event);
  return events;
}

const textOf = (events: ModelEvent[], type: 'text-delta' | 'reasoning-delta') =>
  events.flatMap((e) => (e.type === type ? [e.text] : [])).join('');

describe('OpenAI-compatible reasoning dialects', () => {
  it('reads delta.reasoning (Groq, OpenRouter, Ollama) and closes it when the answer starts', async () => {
    const events = await replay([
      { role: 'assistant', reasoning: 'Think' },
      { reasoning: ' hard.' },
      { content: 'Answer' },
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'reasoning-delta',
      'reasoning-delta',
      'reasoning-end',
      'text-delta',
      'finish',
    ]);
    expect(events[2]).toEqual({ type: 'reasoning-end', text: 'Think hard.' });
  });

  it('does not count the same text twice when a server sends reasoning and reasoning_content', async () => {
    const events = await replay([{ reasoning: 'We', reasoning_content: 'We' }, { content: 'ok' }]);
    expect(textOf(events, 'reasoning-delta')).toBe('We');
  });

  it('ignores a reasoning field of an unexpected type with a warning, not a crash', async () => {
    const events = await replay([
      { reasoning: { summary: 'x' } },
      { reasoning_content: 42 },
      { content: 'fine' },
    ]);
    expect(textOf(events, 'text-delta')).toBe('fine');
    expect(textOf(events, 'reasoning-delta')).toBe('');
    expect(events.filter((e) => e.type === 'warning').map((e) => (e as { message: string }).message)).toEqual(
      [
        'Ignored delta.reasoning of type object; expected text.',
        'Ignored delta.reasoning_content of type number; expected text.',
      ],
    );
  });

  it('skips an unknown content part and never glues its text into the answer', async () => {
    const events = await replay([
      {
        content: [
          { type: 'text', text: 'A' },
          { type: 'reference', text: 'SECRET', reference_ids: [1] },
        ],
      },
      {
        content: [
          { type: 'thinking', thinking: 'plain string thinking' },
          { type: 'text', text: 'B' },
        ],
      },
    ]);
    expect(textOf(events, 'text-delta')).toBe('AB');
    expect(textOf(events, 'reasoning-delta')).toBe('plain string thinking');
    expect(events.some((e) => e.type === 'warning' && /unknown type "reference"/.test(e.message))).toBe(true);
  });

  it('shows an OpenAI refusal as the answer text', async () => {
    const events = await replay([{ refusal: "I can't " }, { refusal: 'help with that.' }]);
    expect(textOf(events, 'text-delta')).toBe("I can't help with that.");
  });
});

describe('OpenAI-compatible requests of a reasoning run', () => {
  it('sends reasoning_effort and never sends reasoning back (DeepSeek rejects reasoning_content in input)', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const reply = eventStreamFetch([
      new TextEncoder().encode(
        'data: {"choices":[{"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
      ),
    ]);
    const model = openAICompatible({
      baseURL: 'http://model.test/v1',
      model: 'deepseek-reasoner',
      reasoningEffort: 'high',
      fetch: async (url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return reply(url, init);
      },
    });
    const messages = [
      { role: 'user' as const, content: 'Weather?' },
      {
        role: 'assistant' as const,
        content: '',
        toolCalls: [{ id: 'c1', name: 'weather', arguments: '{}' }],
        reasoning: { text: 'I should call the tool.', durationMs: 40 },
      },
      { role: 'tool' as const, toolCallId: 'c1', toolName: 'weather', content: 'sunny' },
    ];
    for await (const _ of model.stream({ messages })) void _;
    for await (const _ of model.stream({ messages, reasoningEffort: 'low' })) void _;
    expect(bodies.map((b) => b.reasoning_effort)).toEqual(['high', 'low']);
    expect(JSON.stringify(bodies)).not.toMatch(/reasoning_content|I should call the tool/);
  });
});
