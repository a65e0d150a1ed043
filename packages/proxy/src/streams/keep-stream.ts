import type { Context } from '../http/context.js';
import { newStreamId, RESUMABLE_HEADER, STREAM_ID_HEADER } from './stream-id.js';

/**
 * Keeps a streamed model answer resumable (docs/adr/0011) when the client asked for it
 * (`X-Resumable: 1`) and the `STREAMS` Durable Object is bound: the upstream body is split in two, one branch
 * goes to the client as before (nothing waits for the store), the other feeds a `StreamStore` named by a
 * new random id in `ctx.waitUntil`; the id goes back in `X-Stream-Id`. When a client stops the stream,
 * `upstream` is aborted, which closes the one upstream request. Anything else passes through untouched.
 */
export function keepStream(c: Context, response: Response, upstream: AbortController): Response {
  const streams = c.config.streams;
  if (
    streams === undefined ||
    c.request.headers.get(RESUMABLE_HEADER) !== '1' ||
    !response.ok ||
    response.body === null ||
    !(response.headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/event-stream')
  ) {
    return response;
  }
  const id = newStreamId();
  // The runtime's own tee: the client's branch streams natively, with no JavaScript per chunk before its
  // first byte. A branch whose reader went away (the client on reload) does not hold the other back.
  const [toClient, toStore] = response.body.tee();
  const store = streams.get(streams.idFromName(id));
  const owner = c.user ?? 'unknown';
  const kept = store.ingest(owner, toStore).then(
    (outcome) => {
      if (outcome === 'stopped') upstream.abort();
      return outcome === 'stopped' ? ('aborted' as const) : ('complete' as const);
    },
    // The store is unreachable: the client's branch goes on; a resume will find nothing (404).
    () => {
      void toStore.cancel().catch(() => {});
      return 'aborted' as const;
    },
  );
  c.waitUntil(kept);
  // A tee branch cannot go through the log's native pipe: the log line is written when the store has
  // the whole answer (or was stopped), which is also when the upstream request ended.
  c.bodyOutcome = kept;
  const headers = new Headers(response.headers);
  headers.set(STREAM_ID_HEADER, id);
  return new Response(toClient, { status: response.status, headers });
}
