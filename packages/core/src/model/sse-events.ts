import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { StreamMalformedError } from '../errors.js';
import type { BodyReader } from './stream-timeouts.js';

/** Largest SSE event we accept; a provider event larger than this is not a chat stream. */
const MAX_EVENT_BYTES = 4 * 1024 * 1024;

/**
 * Reads a `text/event-stream` body as SSE messages, whatever the chunking of the bytes
 * (UTF-8 sequences and lines split across chunks are reassembled). A consumer that stops early (after
 * `[DONE]`) leaves the rest of the body to be read in the background rather than cancelled, so the HTTP
 * client can reuse the connection for the next call.
 */
export async function* sseEvents(body: BodyReader): AsyncGenerator<EventSourceMessage> {
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
  let ended = false;
  try {
    for (;;) {
      const chunk = await body.read();
      ended = chunk === undefined;
      parser.feed(ended ? decoder.decode() : decoder.decode(chunk, { stream: true }));
      if (parseError) throw new StreamMalformedError('an event exceeded 4 MiB', parseError);
      // Indexed, not shifted: a chunk often carries several events.
      for (let i = 0; i < pending.length; i++) yield pending[i]!;
      pending.length = 0;
      if (ended) break;
    }
    // A last event without its terminating blank line is still delivered.
    parser.reset({ consume: true });
    for (const event of pending) yield event;
  } finally {
    if (!ended) body.stop();
  }
}
