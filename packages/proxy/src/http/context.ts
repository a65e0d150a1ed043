import type { ProxyConfig } from '../config/config-types.js';
import type { RequestLogFields } from '../shared/request-log.js';
import type { Allowances } from '../usage/allowance.js';
import type { UsageRequest } from '../usage/usage-request.js';

/** The fetch used to reach the upstream; injectable so embedders can route through a service binding. */
export type UpstreamFetch = (input: string, init: RequestInit) => Promise<Response>;

/** Per-request state shared by middleware and route handlers (usage reads it as a `UsageRequest`). */
export interface Context extends UsageRequest {
  readonly request: Request;
  readonly url: URL;
  readonly config: ProxyConfig;
  readonly fetch: UpstreamFetch;
  /**
   * Headers added to whatever response leaves the proxy, error responses included, so that
   * e.g. CORS headers decided early still reach a response produced by a later throw.
   */
  readonly responseHeaders: Headers;
  /** Fields for this request's log line; middleware fill in what they decide. */
  readonly log: RequestLogFields;
  /** The request body, set by the body-limit middleware once read within the limit. */
  body?: Uint8Array;
  /** Path parameters of the matched route, e.g. `serverId` for `/mcp/:serverId`. */
  params: Record<string, string>;
  /** Whom rate limits and credits are kept for: `sub:<token subject>`, else the client address (`ip:<IPv4>` or `ip6:<IPv6 network>/64`, see clientKey); set by auth. */
  user?: string;
  /** The clock (ms since the epoch); injectable so tests can cross midnight. */
  readonly now: () => number;
  /** This isolate's per-client allowances (docs/adr/0007). */
  readonly allowances: Allowances;
  /** Keeps work going after the response (`ctx.waitUntil`); without a Worker ctx the work just runs. */
  readonly waitUntil: (work: Promise<unknown>) => void;
  /**
   * Set by a route whose response body must go to the client as it is, not through the log's pass-through
   * pipe (a kept stream's branch, issue 42): settles with how the body ended, for the request's log line.
   */
  bodyOutcome?: Promise<'complete' | 'aborted'>;
}

/** Produces the response for a request. */
export type Handler = (c: Context) => Promise<Response>;

/** Runs around a handler: may answer itself, throw an `HttpError`, or call `next()`. */
export type Middleware = (c: Context, next: () => Promise<Response>) => Promise<Response>;
