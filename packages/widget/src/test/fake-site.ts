// Test support: the page's origin (documents with ETags, a token endpoint, form actions) and the
// agent-chat proxy (scripted streams), behind one stubbed fetch.
import { anthropicStreamEvents, openAIStreamEvents, type ScriptedTurn } from '@agent-chat/core/test';
import { vi } from 'vitest';

/** A file the fake site serves; `etag` / `lastModified` make it answer conditional requests with 304. */
export interface SiteFile {
  body: string | Uint8Array;
  type: string;
  etag?: string;
  /** Sent as `Last-Modified`; a request whose `If-Modified-Since` is this date gets a 304. */
  lastModified?: string;
  status?: number;
}

/** One request the fake fetch saw. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  status: number;
}

/** Stubs `fetch`: `files` by URL, `routes` by URL (functions), anything else under `/v1/` is the proxy. */
export function fakeSite(options: {
  files?: Record<string, SiteFile>;
  routes?: Record<string, (request: SeenRequest) => Response | Promise<Response>>;
  turns?: ScriptedTurn[];
}) {
  const files = { ...options.files };
  const turns = [...(options.turns ?? [])];
  const requests: SeenRequest[] = [];
  const modelRequests: Array<{ url: string; body: Record<string, unknown>; headers: Headers }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const seen: SeenRequest = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : init?.body ? String(init.body) : undefined,
      status: 0,
    };
    requests.push(seen);
    const response = await answer(seen);
    seen.status = response.status;
    return response;
  });
  async function answer(seen: SeenRequest): Promise<Response> {
    const route = options.routes?.[seen.url];
    if (route) return route(seen);
    const file = files[seen.url];
    if (file) {
      if (file.etag && seen.headers.get('if-none-match') === file.etag)
        return new Response(null, { status: 304 });
      if (file.lastModified && seen.headers.get('if-modified-since') === file.lastModified)
        return new Response(null, { status: 304 });
      const bytes = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
      return new Response(bytes as BodyInit, {
        status: file.status ?? 200,
        headers: {
          'content-type': file.type,
          ...(file.etag ? { etag: file.etag } : {}),
          ...(file.lastModified ? { 'last-modified': file.lastModified } : {}),
        },
      });
    }
    if (/\/v1\/(chat\/completions|messages)$/.test(seen.url)) {
      modelRequests.push({ url: seen.url, body: JSON.parse(seen.body ?? '{}'), headers: seen.headers });
      const turn = turns.shift() ?? { text: 'No more scripted turns.' };
      if (turn.error) return Response.json(turn.error.body ?? {}, { status: turn.error.status });
      const events = seen.url.endsWith('/messages') ? anthropicStreamEvents(turn) : openAIStreamEvents(turn);
      return new Response(events.join(''), { headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response('not found', { status: 404 });
  }
  vi.stubGlobal('fetch', fetch);
  return {
    files,
    requests,
    modelRequests,
    enqueue: (...more: ScriptedTurn[]) => turns.push(...more),
    /** Tool names of the n-th model request. */
    toolNames: (n: number) =>
      (
        (modelRequests[n]?.body.tools as Array<{ function?: { name: string }; name?: string }> | undefined) ??
        []
      ).map((t) => t.function?.name ?? t.name),
    /** The last message of the n-th model request (a tool result after a tool call). */
    lastMessage: (n: number) =>
      (modelRequests[n]?.body.messages as Array<{ role: string; content: unknown }> | undefined)?.at(-1),
    /** Requests for `url` that were answered with a body (status 200). */
    downloads: (url: string) => requests.filter((r) => r.url === url && r.status === 200).length,
  };
}
