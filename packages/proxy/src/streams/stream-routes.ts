import type { Context, Handler } from '../http/context.js';
import { HttpError } from '../shared/http-error.js';
import { isStreamId } from './stream-id.js';

/**
 * `GET /v1/streams/:id`: the kept stream from the byte after `Last-Event-ID` (the count of bytes the
 * client has read; 0 when absent), then its live tail. Unknown or expired → 404, another client's → 403,
 * a position that is not a byte count of this stream → 400; none of them sends a byte of the stream.
 */
export const resumeStream: Handler = async (c) => {
  const store = storeOf(c);
  const position = positionOf(c.request.headers.get('Last-Event-ID'));
  const answer = await store.read(ownerOf(c), position);
  if (!answer.ok) throw refusal(answer.reason);
  return new Response(answer.body, {
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
    },
  });
};

/** `DELETE /v1/streams/:id`: Stop. The upstream request is closed and the kept bytes deleted. */
export const stopStream: Handler = async (c) => {
  const outcome = await storeOf(c).stop(ownerOf(c));
  if (outcome !== 'stopped') throw refusal(outcome);
  return new Response(null, { status: 204 });
};

function storeOf(c: Context) {
  const streams = c.config.streams;
  if (streams === undefined) {
    throw new HttpError(
      404,
      'streams_off',
      'This proxy keeps no streams: bind the STREAMS Durable Object (wrangler.jsonc) to make answers resumable.',
    );
  }
  const id = decodeURIComponent(c.params.id ?? '');
  if (!isStreamId(id)) throw refusal('not_found');
  return streams.get(streams.idFromName(id));
}

function ownerOf(c: Context): string {
  return c.user ?? 'unknown';
}

// Digits only: a byte count. Anything else (a sign, a fraction, another stream's id) is a tampered id.
function positionOf(header: string | null): number {
  if (header === null || header.trim() === '') return 0;
  const text = header.trim();
  return /^\d{1,10}$/.test(text) ? Number(text) : -1;
}

function refusal(reason: 'not_found' | 'forbidden' | 'bad_position'): HttpError {
  switch (reason) {
    case 'not_found':
      return new HttpError(
        404,
        'stream_not_found',
        'No such stream: it ended more than a few minutes ago, was stopped, or never existed. Ask again.',
      );
    case 'forbidden':
      return new HttpError(403, 'stream_forbidden', 'This stream belongs to another client.');
    case 'bad_position':
      return new HttpError(
        400,
        'stream_position_invalid',
        'Last-Event-ID must be the number of bytes of this stream already read (0 to its length).',
      );
    default: {
      const never: never = reason;
      return never;
    }
  }
}
