import { clientAuth } from '../auth/client-auth.js';
import { loadConfig } from '../config/config.js';
import type { ProxyEnv } from '../config/proxy-env.js';
import { bodyLimit } from '../http/body-limit.js';
import { compose } from '../http/compose.js';
import type { Context, Handler, UpstreamFetch } from '../http/context.js';
import { cors } from '../http/cors.js';
import { router } from '../http/router.js';
import { mcp } from '../mcp/mcp-route.js';
import { oauthProtectedResource, oauthRelay, oauthServerMetadata } from '../mcp/oauth-relay.js';
import { errorResponse } from '../shared/error-response.js';
import { HttpError } from '../shared/http-error.js';
import { exportRequestSpan } from '../shared/otlp-span.js';
import { redactSecrets } from '../shared/redact.js';
import { type RequestLogFields, type RequestLogLine, writeRequestLog } from '../shared/request-log.js';
import { resumeStream, stopStream } from '../streams/stream-routes.js';
import { admin, isAdminPath } from '../transcripts/admin/admin-route.js';
import { ensureMigrated } from '../transcripts/schema-check.js';
import { deleteTranscript, transcriptFeedback, transcriptsStatus } from '../transcripts/visitor-routes.js';
import { Allowances } from '../usage/allowance.js';
import { chatCompletions } from './chat-completions.js';
import { health } from './health.js';
import { imagesGenerations } from './images-generations.js';
import { messages } from './messages.js';
import { models } from './models.js';
import { turnstile } from './turnstile.js';

/** Options for {@link createProxy}. */
export interface ProxyOptions {
  /** How to reach the upstream; defaults to the global `fetch`, looked up on each call. */
  fetch?: UpstreamFetch;
  /** The clock for token expiry, rate windows and the credit day; defaults to `Date.now`. */
  now?: () => number;
}

/**
 * A Worker `fetch` handler. With the Worker's `ctx`, a streamed response is logged once its body has
 * been passed on (`ctx.waitUntil`), so the log line never delays the first byte; without it (tests,
 * other hosts) the line is written before the response is returned.
 */
export type ProxyHandler = (
  request: Request,
  env: ProxyEnv,
  ctx?: Pick<ExecutionContext, 'waitUntil'>,
) => Promise<Response>;

/**
 * Builds the proxy's fetch handler: config from env, CORS, then the routes, with every thrown
 * error turned into a JSON response and one log line per request.
 * @example export default { fetch: createProxy() };
 */
export function createProxy(options: ProxyOptions = {}): ProxyHandler {
  // Resolved per call rather than captured, so a test spying on globalThis.fetch sees the call.
  const upstreamFetch: UpstreamFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const app = routeTable(now);
  const allowancesFor = isolateAllowances();

  return async (request, env, ctx) => {
    const started = Date.now();
    const url = new URL(request.url);
    // Every response varies by Origin (the CORS headers on it do), errors included.
    const responseHeaders = new Headers({ Vary: 'Origin' });
    const log: RequestLogFields = { origin: request.headers.has('Origin') ? 'unchecked' : 'absent' };
    let secrets: string[] = [];
    // Until the config says otherwise (or when it cannot be read), every request is logged.
    let logAll = true;
    let otlpEndpoint: string | undefined;
    let response: Response;
    let context: Context | undefined;
    try {
      const config = loadConfig(env);
      secrets = [...config.secrets];
      logAll = config.logRequests === 'all';
      otlpEndpoint = config.otlpEndpoint;
      // An unmigrated TRANSCRIPTS_DB stops every route (checked once per isolate), like a bad setting.
      if (config.transcripts !== undefined) await ensureMigrated(config.transcripts);
      // The dashboard is served to the proxy's own origin, outside the sites' CORS allowlist.
      context = {
        request,
        url,
        config,
        fetch: upstreamFetch,
        responseHeaders,
        log,
        params: {},
        now,
        allowances: allowancesFor(config),
        waitUntil: (work) => ctx?.waitUntil(work),
      };
      response = await (isAdminPath(url.pathname) ? admin : app)(context);
    } catch (error) {
      response = errorResponse(error);
      log.error = error instanceof HttpError ? error.code : 'internal_error';
      const detail = describe(error instanceof HttpError ? error.cause : error);
      if (detail !== undefined) log.detail = redactSecrets(detail, secrets);
    }
    if (otlpEndpoint !== undefined && ctx !== undefined) {
      ctx.waitUntil(exportRequestSpan(otlpEndpoint, spanOf(request, url, response, log, started)));
    }
    let body = response.body;
    if (logAll || response.status >= 400) {
      const line: RequestLogLine = {
        method: request.method,
        path: url.pathname,
        status: response.status,
        durationMs: Date.now() - started,
        ...log,
      };
      const outcome = context?.bodyOutcome;
      if (ctx !== undefined && body !== null && outcome !== undefined)
        ctx.waitUntil(
          outcome.then((ended) => writeRequestLog({ ...line, body: ended, totalMs: Date.now() - started })),
        );
      else if (ctx !== undefined && body !== null) body = logWhenPassedOn(body, line, started, ctx);
      else writeRequestLog(line);
    }
    return withHeaders(response, body, responseHeaders);
  };
}

/** CORS, then every route with the middleware it needs. */
function routeTable(now: () => number): Handler {
  // Auth runs before the body is read, so an unauthenticated client cannot make the proxy buffer.
  const authed = (handler: Handler) => compose([clientAuth(now)], handler);
  const withBody = (handler: Handler) => compose([clientAuth(now), bodyLimit()], handler);
  return compose(
    [cors()],
    router([
      { method: 'GET', path: '/health', handler: health },
      { method: 'POST', path: '/v1/chat/completions', handler: withBody(chatCompletions) },
      { method: 'POST', path: '/v1/messages', handler: withBody(messages) },
      { method: 'POST', path: '/v1/images/generations', handler: withBody(imagesGenerations) },
      { method: 'GET', path: '/v1/models', handler: authed(models) },
      // Resumable answers (docs/adr/0011): the rest of a kept stream, and Stop.
      { method: 'GET', path: '/v1/streams/:id', handler: authed(resumeStream) },
      { method: 'DELETE', path: '/v1/streams/:id', handler: authed(stopStream) },
      // The owner's view (issue 43): whether conversations are stored, the widget's feedback and deletions.
      // Whether conversations are stored is no secret: the widget asks before the visitor has a token.
      { method: 'GET', path: '/v1/transcripts', handler: transcriptsStatus },
      { method: 'POST', path: '/v1/transcripts/feedback', handler: withBody(transcriptFeedback) },
      { method: 'DELETE', path: '/v1/transcripts/conversations/:id', handler: authed(deleteTranscript) },
      // The way to a client token, so no token is asked for; rate-limited per IP inside.
      { method: 'POST', path: '/v1/turnstile', handler: compose([bodyLimit()], turnstile) },
      { method: 'POST', path: '/mcp/:serverId', handler: withBody(mcp) },
      { method: 'GET', path: '/mcp/:serverId', handler: authed(mcp) },
      { method: 'DELETE', path: '/mcp/:serverId', handler: authed(mcp) },
      // The sign-in of servers with "auth": "user" (MCP authorization spec; see mcp/oauth-relay.ts).
      { method: 'POST', path: '/mcp/:serverId/oauth/:endpoint', handler: withBody(oauthRelay) },
      {
        method: 'GET',
        path: '/.well-known/oauth-protected-resource/mcp/:serverId',
        handler: authed(oauthProtectedResource),
      },
      {
        method: 'GET',
        path: '/.well-known/oauth-authorization-server/mcp/:serverId/oauth',
        handler: authed(oauthServerMetadata),
      },
    ]),
  );
}

/** One isolate's allowances per config (a deployed Worker has one env, so one config). */
function isolateAllowances(): (config: object) => Allowances {
  const allowances = new WeakMap<object, Allowances>();
  return (config) => {
    let found = allowances.get(config);
    if (found === undefined) {
      found = new Allowances();
      allowances.set(config, found);
    }
    return found;
  };
}

/** The request's span for `OTLP_ENDPOINT`. */
function spanOf(request: Request, url: URL, response: Response, log: RequestLogFields, started: number) {
  return {
    method: request.method,
    path: url.pathname,
    status: response.status,
    startMs: started,
    endMs: Date.now(),
    errorCode: log.error,
    traceparent: request.headers.get('traceparent'),
  };
}

/**
 * Hands the body on through the runtime's native pass-through stream (no JavaScript per chunk,
 * nothing held back) and writes the log line when all of it has gone through or the client went
 * away. Writing a log line takes the isolate's thread for a moment (milliseconds under `wrangler
 * dev`, where the inspector carries it), which before the first byte would add that much to every
 * stream's time to first byte. A client that leaves fails the pipe at the next chunk, which cancels
 * the upstream request.
 */
function logWhenPassedOn(
  body: ReadableStream,
  line: RequestLogLine,
  started: number,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
): ReadableStream {
  const { readable, writable } = new IdentityTransformStream();
  const written = (outcome: 'complete' | 'aborted') => () =>
    writeRequestLog({ ...line, body: outcome, totalMs: Date.now() - started });
  ctx.waitUntil(body.pipeTo(writable).then(written('complete'), written('aborted')));
  return readable;
}

function describe(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? `${error.name}: ${error.message}` : 'non-error value thrown';
}

// Responses from fetch() have immutable headers, so copy (once) before adding ours; the body stream
// is handed over, not read.
function withHeaders(response: Response, body: ReadableStream | null, extra: Headers): Response {
  const copy = new Response(body, response);
  for (const [name, value] of extra) copy.headers.set(name, value);
  return copy;
}
