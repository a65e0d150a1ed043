import { resumingBody } from './resuming-body.js';

/** The request header asking the agent-chat proxy to keep the model stream (docs/adr/0011). */
export const RESUMABLE_HEADER = 'X-Resumable';
/** The response header naming the kept stream. */
export const STREAM_ID_HEADER = 'X-Stream-Id';

/** Options of {@link resumableFetch}. */
export interface ResumableFetchOptions {
  /** The fetch underneath (a client token's, a conversation header's…); default the global `fetch`. */
  fetch?: typeof fetch;
  /** The proxy named the stream of a model call: record it to read the stream again after a reload. */
  onStream?: (id: string) => void;
  /** The connection dropped mid-answer; `attempt` (from 1) is being made to get the rest. */
  onReconnecting?: (attempt: number) => void;
  /** The rest is coming again after a drop. */
  onReconnected?: () => void;
  /** Resume attempts after a drop before the answer counts as cut; default 6. */
  attempts?: number;
  /** Wait before attempt `n` (from 1); default 250 ms doubling to at most 4 s. */
  backoffMs?: (attempt: number) => number;
  /**
   * A kept stream to read instead of making this model call (after a reload, the calls the run had
   * already made, in order); undefined makes the call. No second upstream request is made for it.
   */
  replay?: () => string | undefined;
}

/** `GET`/`DELETE` address of kept stream `id`, beside the model endpoint `callUrl` on the same proxy. */
export function streamUrl(callUrl: string, id: string): string {
  const url = new URL(callUrl);
  const base = url.pathname.replace(/\/(chat\/completions|messages)$/, '');
  url.pathname = `${base}/streams/${encodeURIComponent(id)}`;
  url.search = '';
  return url.href;
}

/**
 * A `fetch` for model calls through the agent-chat proxy that survive dropped connections and reloads:
 * each streaming call asks the proxy to keep its stream (`X-Resumable: 1`) and reports its id
 * (`onStream`); a body cut mid-answer is read on from the byte it stopped at (`GET /v1/streams/:id` with
 * `Last-Event-ID`), with backoff, instead of being asked again; aborting the call (Stop) also stops the
 * kept stream (`DELETE`), which closes the upstream request. Other requests pass through.
 * @example openAICompatible({ baseURL: `${proxy}/v1`, model, fetch: resumableFetch({ onStream: save }) })
 */
export function resumableFetch(options: ResumableFetchOptions = {}): typeof fetch {
  const base: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || input instanceof Request)
      return base(input, init);
    const url = String(input);
    const signal = init?.signal ?? undefined;
    const replayed = options.replay?.();
    let response: Response;
    if (replayed === undefined) {
      const headers = new Headers(init?.headers);
      headers.set(RESUMABLE_HEADER, '1');
      response = await base(url, { ...init, headers });
    } else {
      response = await base(streamUrl(url, replayed), { method: 'GET', ...(signal ? { signal } : {}) });
    }
    const id = replayed ?? response.headers.get(STREAM_ID_HEADER) ?? undefined;
    if (id === undefined || !response.ok || response.body === null) return response;
    if (replayed === undefined) options.onStream?.(id);
    const address = streamUrl(url, id);
    // Stop means stop: the proxy closes the upstream request, even after a reload or a drop.
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      void base(address, { method: 'DELETE', keepalive: true }).catch(() => {});
    };
    signal?.addEventListener('abort', stop, { once: true });
    const body = resumingBody(response.body, {
      signal,
      attempts: options.attempts ?? 6,
      backoffMs: options.backoffMs ?? ((attempt) => Math.min(4000, 250 * 2 ** (attempt - 1))),
      read: (position) =>
        base(address, {
          method: 'GET',
          headers: { 'Last-Event-ID': String(position) },
          ...(signal ? { signal } : {}),
        }),
      onReconnecting: options.onReconnecting,
      onReconnected: options.onReconnected,
      onEnd: () => signal?.removeEventListener('abort', stop),
      onCancel: stop,
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}
