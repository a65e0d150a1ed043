import { StreamMalformedError } from '../errors.js';
import type { BodyReader } from './stream-timeouts.js';

/** Largest SSE event we accept; a provider event larger than this is not a chat stream. */
const MAX_EVENT_BYTES = 4 * 1024 * 1024;

/** One server-sent event: its `event:` name (none for the default), `id:` and joined `data:` lines. */
export interface SseEvent {
  event?: string | undefined;
  id?: string | undefined;
  data: string;
}

/** The SSE messages of a body, a chunk at a time (see {@link sseChunks}). */
export interface SseChunks {
  /** The events the next chunk completes (often one, maybe none), or `undefined` at the end of the body. */
  next(): Promise<SseEvent[] | undefined>;
  /** No more events are wanted: the rest of the body is drained (see {@link BodyReader.stop}). */
  stop(): void;
}

/**
 * Reads a `text/event-stream` body as SSE messages, a body chunk at a time (the WHATWG event-stream format: CR,
 * LF or CRLF line ends, `:` comments, one optional space after the colon, an event per blank line), whatever
 * the chunking of the bytes: UTF-8 sequences and lines split across chunks are reassembled, a leading BOM is
 * dropped. For a reader on every answer's path (no generator per event); `sseEvents` (sse-event-stream.ts) gives them as a generator.
 * A consumer that stops early (after `[DONE]`) leaves the rest of the body to be read in the background
 * rather than cancelled, so the HTTP client can reuse the connection for the next call.
 */
export function sseChunks(body: BodyReader): SseChunks {
  const decoder = new TextDecoder();
  let ended = false;
  let ready: SseEvent[] = [];
  let buffer = '';
  let data: string[] = [];
  let size = 0;
  let event: string | undefined;
  let id: string | undefined;

  const line = (text: string) => {
    if (text === '') {
      if (data.length) ready.push({ data: data.join('\n'), event, id });
      data = [];
      size = 0;
      event = undefined;
      id = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(text[colon + 1] === ' ' ? colon + 2 : colon + 1);
    if (field === 'data') {
      data.push(value);
      size += value.length;
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry` and unknown fields do not matter to a chat stream.
  };

  const feed = (text: string, end: boolean) => {
    buffer += text;
    // CR and CRLF line ends become LF (a CR at the very end may be the first half of a CRLF split across
    // chunks); a stream of LF lines, as providers send, is split without a pattern.
    if (buffer.includes('\r')) buffer = buffer.replace(end ? /\r\n?/g : /\r\n|\r(?!$)/g, '\n');
    let start = 0;
    for (let found = buffer.indexOf('\n'); found !== -1; found = buffer.indexOf('\n', start)) {
      line(buffer.slice(start, found));
      start = found + 1;
    }
    buffer = buffer.slice(start);
    if (buffer.length + size > MAX_EVENT_BYTES) throw new StreamMalformedError('an event exceeded 4 MiB');
    if (end) {
      // A last event without its terminating blank line is still delivered.
      if (buffer) line(buffer);
      line('');
      buffer = '';
    }
  };

  const stop = () => {
    if (ended) return;
    ended = true;
    body.stop();
  };
  return {
    async next() {
      if (ended) return undefined;
      try {
        const chunk = await body.read();
        ended = chunk === undefined;
        feed(ended ? decoder.decode() : decoder.decode(chunk, { stream: true }), ended);
      } catch (error) {
        stop();
        throw error;
      }
      const events = ready;
      ready = [];
      return events;
    },
    stop,
  };
}
