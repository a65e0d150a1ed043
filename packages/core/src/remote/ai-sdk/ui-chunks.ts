import type { UIMessageChunk } from 'ai';
import { sseChunks } from '../../model/sse-events.js';
import type { BodyReader } from '../../model/stream-timeouts.js';
import { type WireShape, wireMismatch } from '../../model/wire-shape.js';
import { RemoteAgentContentTypeError } from '../remote-errors.js';

/** Every chunk type of the UI message stream (`UIMessageChunk['type']`), besides `data-*`. */
const CHUNK_TYPES: ReadonlySet<string> = new Set<Exclude<UIMessageChunk['type'], `data-${string}`>>([
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'custom',
  'error',
  'tool-input-available',
  'tool-input-error',
  'tool-approval-request',
  'tool-approval-response',
  'tool-output-available',
  'tool-output-error',
  'tool-output-denied',
  'tool-input-start',
  'tool-input-delta',
  'source-url',
  'source-document',
  'file',
  'reasoning-file',
  'steering-message',
  'start-step',
  'finish-step',
  'reset-step',
  'start',
  'finish',
  'abort',
  'message-metadata',
]);

/** The fields of a chunk our readers compute with (the rest is copied into the message as sent). */
const UI_CHUNK: WireShape = {
  id: 'string',
  delta: 'string',
  toolCallId: 'string',
  toolName: 'string',
  errorText: 'string',
  messageId: 'string',
  inputTextDelta: 'string',
};

/**
 * The chunks of a UI message stream body (`data: {json}` events up to `data: [DONE]`). An event that is
 * not a chunk (another protocol's stream, plain JSON lines), or a chunk with a field of the wrong type, is a
 * `RemoteAgentContentTypeError` naming the chunk and the field.
 */
export async function* uiMessageChunks(
  url: string,
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<UIMessageChunk> {
  const reader = body.getReader();
  const source: BodyReader = {
    read: async () => {
      const { done, value } = await reader.read();
      return done ? undefined : value;
    },
    stop: () => void reader.cancel().catch(() => undefined),
  };
  // A chunk of the body at a time (sseChunks, no generator per event); the body is cancelled at the end.
  const events = sseChunks(source);
  try {
    for (let batch = await events.next(); batch; batch = await events.next())
      for (const event of batch) {
        if (event.data === '[DONE]') return;
        let chunk: { type?: unknown } | undefined;
        try {
          chunk = JSON.parse(event.data) as { type?: unknown };
        } catch {
          chunk = undefined;
        }
        const type = typeof chunk?.type === 'string' ? chunk.type : undefined;
        if (!type || !(CHUNK_TYPES.has(type) || type.startsWith('data-')))
          throw new RemoteAgentContentTypeError(
            url,
            'ai-sdk',
            `received events that are not UI message chunks (first: ${event.data.slice(0, 80)})`,
          );
        const bad = wireMismatch(chunk, UI_CHUNK);
        if (bad) throw new RemoteAgentContentTypeError(url, 'ai-sdk', `its ${type} chunk has ${bad}`);
        yield chunk as UIMessageChunk;
      }
  } finally {
    events.stop();
  }
}
