/**
 * A `fetch` that answers every call with a fresh `text/event-stream` body made of `chunks`, exactly as
 * given (so tests choose where the network splits events). `init` overrides status and headers.
 *
 * @example openAICompatible({ baseURL, model, fetch: eventStreamFetch([encoder.encode('data: …\n\n')]) })
 */
export function eventStreamFetch(chunks: readonly Uint8Array[], init: ResponseInit = {}): typeof fetch {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init },
    );
}
