import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StreamMalformedError } from '../errors.js';
import { eventStreamFetch } from '../test/event-stream-fetch.js';
import { anthropic } from './anthropic/anthropic.js';
import { ANTHROPIC_EVENT } from './anthropic/anthropic-event-reader.js';
import type { ModelEvent } from './chat-model.js';
import { parseEventJson } from './http-call.js';
import { OPENAI_CHUNK } from './openai/openai-chunk-reader.js';
import { openAICompatible } from './openai/openai-compatible.js';
import { wireMismatch } from './wire-shape.js';

// The streams recorded from real provider APIs (test/fixtures/provider-streams); what each decodes to is
// checked exactly by test/providers/recorded-streams.test.ts, which goes through the same checked readers.
const root = new URL('../../../../test/fixtures/provider-streams/', import.meta.url);
const recorded = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) => readdirSync(new URL(`${dir.name}/`, root)).map((file) => `${dir.name}/${file}`))
  .filter((file) => file.endsWith('.sse'));

const encoder = new TextEncoder();

async function stream(provider: 'openai' | 'anthropic', sse: string): Promise<ModelEvent[]> {
  const options = {
    baseURL: 'http://wire.test/v1',
    model: 'wire',
    fetch: eventStreamFetch([encoder.encode(sse)]),
  };
  const model = provider === 'anthropic' ? anthropic(options) : openAICompatible(options);
  const events: ModelEvent[] = [];
  for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }] })) events.push(event);
  return events;
}

const failure = (provider: 'openai' | 'anthropic', sse: string) =>
  stream(provider, sse).then(
    () => undefined,
    (error: unknown) => error,
  );

const openAIChunk = (chunk: object) => `data: ${JSON.stringify(chunk)}\n\n`;
const anthropicEvent = (event: { type: string; [field: string]: unknown }) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
const ANTHROPIC_START = anthropicEvent({ type: 'message_start', message: { usage: { input_tokens: 3 } } });

describe('wire shapes of provider stream events', () => {
  it('finds the recorded provider streams', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(15);
  });

  for (const file of recorded)
    it(`${file}: every event fits its shape, none is ignored, the stream decodes`, async () => {
      const text = readFileSync(new URL(file, root), 'utf8');
      const provider = file.startsWith('anthropic/') ? 'anthropic' : 'openai';
      const shape = provider === 'anthropic' ? ANTHROPIC_EVENT : OPENAI_CHUNK;
      const payloads = text
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
        .map((line) => line.slice(6));
      expect(payloads.length).toBeGreaterThan(0);
      for (const payload of payloads) expect(wireMismatch(JSON.parse(payload), shape)).toBeUndefined();
      const finish = (await stream(provider, text)).at(-1);
      expect(finish).toMatchObject({ type: 'finish' });
      expect(finish).not.toHaveProperty('ignoredEvents');
    });

  it('names the first misplaced field of an event, in words', () => {
    expect(wireMismatch({ choices: {} }, OPENAI_CHUNK)).toBe('choices of type object, expected array');
    expect(wireMismatch({ choices: [{ delta: { tool_calls: [{}, { index: '1' }] } }] }, OPENAI_CHUNK)).toBe(
      'choices[0].delta.tool_calls[1].index of type string, expected number',
    );
    expect(wireMismatch(42, OPENAI_CHUNK)).toBe('its body of type number, expected object');
    // Absent and null fields are "not sent"; fields we do not read pass unseen.
    expect(wireMismatch({ choices: null, usage: null, extra: [1] }, OPENAI_CHUNK)).toBeUndefined();
    expect(() => parseEventJson('"text"', OPENAI_CHUNK, 'OpenAI-compatible')).toThrow(StreamMalformedError);
  });

  const malformedOpenAI: Array<[string, object, string]> = [
    ['choices that are not an array', { choices: { 0: {} } }, 'choices of type object, expected array'],
    [
      'a tool-call index that is not a number',
      { choices: [{ delta: { tool_calls: [{ index: '0', function: { name: 'f' } }] } }] },
      'choices[0].delta.tool_calls[0].index of type string, expected number',
    ],
    [
      'tool-call arguments that are not a string',
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: { a: 1 } } }] } }] },
      'choices[0].delta.tool_calls[0].function.arguments of type object, expected string',
    ],
    [
      'a finish reason that is not a string',
      { choices: [{ delta: {}, finish_reason: 1 }] },
      'choices[0].finish_reason of type number, expected string',
    ],
    [
      'token counts that are not numbers',
      { usage: { prompt_tokens: '12' } },
      'usage.prompt_tokens of type string',
    ],
  ];
  for (const [what, chunk, field] of malformedOpenAI)
    it(`OpenAI-compatible: ${what} is a stream_malformed error naming the provider, the event and the field`, async () => {
      const error = await failure(
        'openai',
        `${openAIChunk({ choices: [{ delta: { content: 'Hi' } }] }) + openAIChunk(chunk)}data: [DONE]\n\n`,
      );
      expect(error).toBeInstanceOf(StreamMalformedError);
      expect(error).toMatchObject({ code: 'stream_malformed', isRetryable: false });
      const { message } = error as Error;
      expect(message).toContain('the OpenAI-compatible event "{');
      expect(message).toContain(field);
      expect(message).toMatch(/Check that baseURL points at an OpenAI-compatible \/v1 endpoint\.$/);
    });

  const malformedAnthropic: Array<[string, { type: string; [field: string]: unknown }, string]> = [
    [
      'delta text that is not a string',
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 5 } },
      'delta.text of type number, expected string',
    ],
    [
      'a block index that is not a number',
      { type: 'content_block_start', index: '0', content_block: { type: 'text', text: '' } },
      'index of type string, expected number',
    ],
    [
      'usage that is not an object',
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: 7 },
      'usage of type number, expected object',
    ],
  ];
  for (const [what, event, field] of malformedAnthropic)
    it(`Anthropic: ${what} is a stream_malformed error naming the provider, the event and the field`, async () => {
      const error = await failure('anthropic', ANTHROPIC_START + anthropicEvent(event));
      expect(error).toBeInstanceOf(StreamMalformedError);
      expect(error).toMatchObject({ code: 'stream_malformed' });
      const { message } = error as Error;
      expect(message).toContain(`the Anthropic event "{\\"type\\":\\"${event.type}`);
      expect(message).toContain(field);
      expect(message).toMatch(/Check that baseURL points at the Anthropic Messages API/);
    });

  it('OpenAI-compatible: a chunk with none of the fields we read is ignored and counted on finish', async () => {
    const events = await stream(
      'openai',
      openAIChunk({ object: 'keepalive' }) +
        openAIChunk({ choices: [{ delta: { content: 'Hi' }, finish_reason: 'stop' }] }) +
        openAIChunk({ type: 'provider.note', note: 'n' }) +
        'data: [DONE]\n\n',
    );
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'finish', reason: 'stop', rawReason: 'stop', ignoredEvents: 2 },
    ]);
  });

  it('Anthropic: an event of a type we do not know is ignored and counted on finish; ping is known', async () => {
    const events = await stream(
      'anthropic',
      ANTHROPIC_START +
        anthropicEvent({ type: 'ping' }) +
        anthropicEvent({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }) +
        anthropicEvent({ type: 'future_event', whatever: { nested: true } }) +
        anthropicEvent({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }) +
        anthropicEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' } }) +
        anthropicEvent({ type: 'message_stop' }),
    );
    expect(events.filter((e) => e.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'stop',
      rawReason: 'end_turn',
      ignoredEvents: 1,
    });
  });
});
