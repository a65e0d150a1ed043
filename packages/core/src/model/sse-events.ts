import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { StreamMalformedError } from '../errors.js';

/** Largest SSE event we accept; a provider event larger than this is not a chat stream. */
const MAX_EVENT_BYTES = 4 * 1024 * 1024;

/**
 * Reads a `text/event-stream` body as SSE messages, whatever the chunking of the bytes
 * (UTF-8 sequences and lines split across chunks are reassembled).
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const pending: EventSourceMessage[] = [];
  let parseError: Error | undefined;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_BYTES,
    onEvent: (event) => pending.push(event),
    onError: (error) => {
      // Unknown fields and bad retry values are harmless; an overflowing buffer is not.
      if (error.type === 'max-buffer-size-exceeded') parseError = error;
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      if (parseError) throw new StreamMalformedError('an event exceeded 4 MiB', parseError);
      while (pending.length > 0) yield pending.shift()!;
      if (done) break;
    }
    // A last event without its terminating blank line is still delivered.
    parser.reset({ consume: true });
    while (pending.length > 0) yield pending.shift()!;
  } finally {
    reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
