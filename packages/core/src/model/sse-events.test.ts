import { describe, expect, it } from 'vitest';
import { StreamMalformedError } from '../errors.js';
import { sseEvents } from './sse-event-stream.js';
import type { BodyReader } from './stream-timeouts.js';

/** A body delivering `chunks` (strings as UTF-8, or raw bytes) one read at a time. */
function body(chunks: Array<string | Uint8Array>): BodyReader {
  const encoder = new TextEncoder();
  const queue = chunks.map((chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
  return { read: async () => queue.shift(), stop: () => queue.splice(0) };
}

async function read(chunks: Array<string | Uint8Array>) {
  const events = [];
  for await (const event of sseEvents(body(chunks))) events.push(event);
  return events;
}

describe('sseEvents', () => {
  it('reads events, names, ids and multi-line data; skips comments and unknown fields', async () => {
    expect(
      await read([
        '\uFEFF: keep-alive\n',
        'event: message_start\nid: 7\ndata: {"a":1}\n\n',
        'data:first\ndata:  second\nretry: 10\nfoo: bar\n\n',
        'data\n\n',
        'event: empty\n\n',
      ]),
    ).toEqual([
      { event: 'message_start', id: '7', data: '{"a":1}' },
      { data: 'first\n second', event: undefined, id: undefined },
      { data: '', event: undefined, id: undefined },
    ]);
  });

  it('reassembles lines, CRLF pairs and UTF-8 characters split across chunks', async () => {
    const tea = new TextEncoder().encode('data: 绿茶\r\n\r\n');
    expect(
      await read([
        'da',
        'ta: one\r',
        '\n\r',
        '\ndata: two\r\rdata: three\n',
        '\n',
        tea.slice(0, 8),
        tea.slice(8),
      ]).then((events) => events.map((e) => e.data)),
    ).toEqual(['one', 'two', 'three', '绿茶']);
  });

  it('delivers a last event that has no blank line after it', async () => {
    expect((await read(['data: [DONE]'])).map((e) => e.data)).toEqual(['[DONE]']);
  });

  it('fails with StreamMalformedError on an event over 4 MiB', async () => {
    const big = `data: ${'x'.repeat(1024 * 1024)}\n`;
    await expect(read([big, big, big, big, big, '\n'])).rejects.toBeInstanceOf(StreamMalformedError);
  });
});
