import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent.js';
import type { AgentEvent } from '../events.js';
import { memoryStore } from '../memory/memory-store.js';
import { eventStreamFetch } from '../test/event-stream-fetch.js';
import type { ModelEvent } from './chat-model.js';
import { InlineThinkSplitter } from './inline-think.js';
import { openAICompatible } from './openai/openai-compatible.js';

function split(pieces: string[]) {
  const splitter = new InlineThinkSplitter();
  const events: ModelEvent[] = [];
  for (const piece of pieces) events.push(...splitter.push(piece));
  events.push(...splitter.end());
  return {
    reasoning: events.flatMap((e) => (e.type === 'reasoning-delta' ? [e.text] : [])).join(''),
    text: events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join(''),
    warnings: events.filter((e) => e.type === 'warning'),
  };
}

/** Every way to cut `text` into two pieces. */
function everySplit(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);
}

describe('inline <think> splitting', () => {
  it('splits a leading think block from the answer wherever the pieces are cut', () => {
    const raw = '\n<think>\nThe user greets me.\n</think>\n\nHello! How can I help?';
    for (const pieces of everySplit(raw))
      expect(split(pieces)).toEqual({
        reasoning: '\nThe user greets me.\n',
        text: 'Hello! How can I help?',
        warnings: [],
      });
    const perChar = split([...raw]);
    expect(perChar.text).toBe('Hello! How can I help?');
  });

  it('leaves answers without a think block untouched, including a later <think> in the text', () => {
    expect(split(['Use the ', '<think> tag'])).toEqual({
      reasoning: '',
      text: 'Use the <think> tag',
      warnings: [],
    });
    expect(split(['<thi', 'nking is fine'])).toEqual({
      reasoning: '',
      text: '<thinking is fine',
      warnings: [],
    });
    expect(split(['<'])).toEqual({ reasoning: '', text: '<', warnings: [] });
  });

  it('keeps a never-closed block as reasoning and marks the answer empty', () => {
    const result = split(['<think>Let me think', ' about </thi', 'this']);
    expect(result.reasoning).toBe('Let me think about </thithis');
    expect(result.text).toBe('');
    expect(result.warnings).toEqual([
      { type: 'warning', message: expect.stringMatching(/never closed.*answer is empty/) },
    ]);
  });

  it('works through the OpenAI-compatible adapter (Qwen3 on Ollama / llama.cpp write it inline)', async () => {
    const chunks = ['<think>', 'Short.', '</think>', '\n\nDone.'].map(
      (content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`,
    );
    chunks.push('data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    const model = openAICompatible({
      baseURL: 'http://model.test/v1',
      model: 'qwen3',
      fetch: eventStreamFetch([new TextEncoder().encode(chunks.join(''))]),
    });
    const events: ModelEvent[] = [];
    for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }] }))
      events.push(event);
    expect(events.map((e) => e.type)).toEqual(['reasoning-delta', 'reasoning-end', 'text-delta', 'finish']);
    expect(events[1]).toEqual({ type: 'reasoning-end', text: 'Short.' });
    expect(events[2]).toEqual({ type: 'text-delta', text: 'Done.' });
  });

  it('keeps a never-closed block as reasoning through the adapter and the agent: the answer is empty', async () => {
    const chunks = ['<think>', 'Let me weigh ', 'the options…'].map(
      (content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`,
    );
    chunks.push('data: {"choices":[{"delta":{},"finish_reason":"length"}]}\n\ndata: [DONE]\n\n');
    const model = openAICompatible({
      baseURL: 'http://model.test/v1',
      model: 'qwen3',
      fetch: eventStreamFetch([new TextEncoder().encode(chunks.join(''))]),
    });
    const events: AgentEvent[] = [];
    const agent = createAgent({ model, store: memoryStore() });
    for await (const event of agent.run({ conversationId: 'c', message: 'Which one?' })) events.push(event);
    // An empty answer is asked again once; the reset tells UIs to drop the first call's thinking.
    const reset = events.findIndex((e) => e.type === 'response.reset');
    expect(events[reset]).toMatchObject({ code: 'empty_answer', turn: 1 });
    const after = events.slice(reset);
    const reasoning = after.flatMap((e) => (e.type === 'reasoning.chunk' ? [e.text] : [])).join('');
    expect(reasoning).toBe('Let me weigh the options…');
    expect(events.filter((e) => e.type === 'response.chunk')).toEqual([]);
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: '' });
    expect(events.find((e) => e.type === 'reasoning.done')).toMatchObject({
      text: 'Let me weigh the options…',
    });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
  });
});
