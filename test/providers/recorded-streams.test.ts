import { readFileSync } from 'node:fs';
import { anthropic, type ChatModel, type ModelEvent, openAICompatible } from '@agent-chat/core';
import { eventStreamFetch } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import { type Expected, RECORDED } from './recorded-expectations.ts';

// Streams recorded from real provider APIs (test/fixtures/provider-streams/README.md), replayed through our
// adapters whole, split once at every byte boundary, and one byte per read.
const root = new URL('../fixtures/provider-streams/', import.meta.url);

function modelFor(provider: string, fetchImpl: typeof fetch): ChatModel {
  if (provider === 'anthropic')
    return anthropic({ baseURL: 'http://recorded.test/v1', model: 'recorded', fetch: fetchImpl });
  return openAICompatible({ baseURL: 'http://recorded.test/v1', model: 'recorded', fetch: fetchImpl });
}

async function replay(provider: string, chunks: Uint8Array[]): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  const model = modelFor(provider, eventStreamFetch(chunks));
  for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }] })) events.push(event);
  return events;
}

/** What a caller sees: the reasoning, the answer, the tool calls, usage and finish. */
function outcome(events: ModelEvent[]): Expected {
  const reasoningDeltas = events.flatMap((e) => (e.type === 'reasoning-delta' ? [e.text] : [])).join('');
  const ends = events.filter((e) => e.type === 'reasoning-end');
  // Every reasoning piece is closed by an end event that carries exactly the pieces since the last one.
  expect(ends.map((e) => e.text).join('')).toBe(reasoningDeltas);
  const usage = events.find((e) => e.type === 'usage');
  const finish = events.find((e) => e.type === 'finish');
  const blocks = ends.flatMap((e) => e.blocks ?? []);
  return {
    reasoning: reasoningDeltas,
    text: events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join(''),
    toolCalls: events.flatMap((e) => (e.type === 'tool-call-end' ? [e.toolCall] : [])),
    usage: usage?.type === 'usage' ? usage.usage : undefined,
    finish: finish?.type === 'finish' ? finish.reason : undefined,
    ...(blocks.length ? { blocks } : {}),
  };
}

describe('recorded provider streams', () => {
  it('covers at least 15 streams from at least 6 providers', () => {
    expect(RECORDED.length).toBeGreaterThanOrEqual(15);
    expect(new Set(RECORDED.map((r) => r.file.split('/')[0])).size).toBeGreaterThanOrEqual(6);
  });

  for (const recorded of RECORDED) {
    const provider = recorded.file.split('/')[0]!;
    it(`${recorded.file}: reasoning, answer, tool calls and usage are exact, however the bytes arrive`, async () => {
      const bytes = new Uint8Array(readFileSync(new URL(recorded.file, root)));
      const whole = outcome(await replay(provider, [bytes]));
      expect(whole).toEqual(recorded.expected);
      // Split once at every byte boundary: every way the network can cut the stream in two.
      for (let at = 1; at < bytes.length; at++) {
        const split = outcome(await replay(provider, [bytes.subarray(0, at), bytes.subarray(at)]));
        if (JSON.stringify(split) !== JSON.stringify(whole))
          expect({ at, ...split }).toEqual({ at, ...recorded.expected });
      }
      const perByte = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
      expect(outcome(await replay(provider, perByte))).toEqual(recorded.expected);
    });
  }
});
