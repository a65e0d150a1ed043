import { isAbortError } from '../errors.js';
import {
  RemoteAgentContentTypeError,
  RemoteAgentHttpError,
  RemoteAgentUnreachableError,
  type RemoteProtocol,
} from './remote-errors.js';

/** Headers given as an object, or a function called before each request (e.g. a fresh bearer token). */
export type RemoteHeaders =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/**
 * A fetch for the protocol clients: adds the configured headers and turns what goes wrong before the
 * stream into typed errors (unreachable or CORS, HTTP status, a body that is not an event stream), so the
 * protocol packages only ever see a good `text/event-stream` response (or a GET's 204, no content).
 */
export function checkedFetch(
  url: string,
  protocol: RemoteProtocol,
  headers: RemoteHeaders | undefined,
  base: typeof fetch = globalThis.fetch.bind(globalThis),
): typeof fetch {
  return async (input, init = {}) => {
    const extra = typeof headers === 'function' ? await headers() : (headers ?? {});
    const merged = new Headers(init.headers);
    for (const [name, value] of Object.entries(extra)) merged.set(name, value);
    let response: Response;
    try {
      response = await base(input, { ...init, headers: merged });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new RemoteAgentUnreachableError(url, error);
    }
    // 204 to a GET: the AI SDK's resume request, answered "no stream in flight" (its driver reads that).
    if (response.status === 204 && (init.method ?? 'GET').toUpperCase() === 'GET') return response;
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new RemoteAgentHttpError(url, response.status, body);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!type.toLowerCase().includes('text/event-stream')) {
      await response.body?.cancel().catch(() => undefined);
      throw new RemoteAgentContentTypeError(
        url,
        protocol,
        type ? `received ${type.split(';')[0]}` : 'received no content type',
      );
    }
    return response;
  };
}
