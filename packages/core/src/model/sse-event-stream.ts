import { type SseEvent, sseChunks } from './sse-events.js';
import type { BodyReader } from './stream-timeouts.js';

/**
 * The SSE messages of a body one at a time, as a generator ({@link sseChunks} reads them a chunk at a time).
 * In a module of its own, so only the reader that uses it (the Anthropic model) brings it along. A
 * consumer that stops early leaves the rest of the body to drain, for the connection's reuse.
 */
export async function* sseEvents(body: BodyReader): AsyncGenerator<SseEvent> {
  const chunks = sseChunks(body);
  try {
    for (let events = await chunks.next(); events; events = await chunks.next())
      for (const event of events) yield event;
  } finally {
    chunks.stop();
  }
}
