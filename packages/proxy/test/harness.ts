// Test support for the proxy's workerd tests: a test env, a stubbed upstream and a log capture.
import { env as bindings, createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, vi } from 'vitest';
import type { ProxyEnv } from '../src/config/proxy-env';
import type { ProxyHandler } from '../src/routes/create-proxy';
import worker from '../src/worker';

/** A recognisable fake key: any occurrence of it outside the upstream request is a leak. */
export const TEST_KEY = 'sk-test-9f3c1e7a5b2d4068ace1';
/** The only origin on the test allowlist. */
export const ALLOWED_ORIGIN = 'http://app.test';
/** Where the proxy is told the upstream lives; never reached, fetch is stubbed. */
export const UPSTREAM_BASE_URL = 'http://upstream.test/v1';
/** The proxy's own URL in tests. */
export const PROXY = 'http://proxy.test';

/** Where the test MCP server is configured, as id `docs`. */
export const MCP_URL = 'http://mcp.test/mcp';
/** The credential the proxy adds for the `docs` MCP server. */
export const MCP_KEY = 'mcp-secret-5e1d7c2b9a';

/** The model on the test allowlist. */
export const TEST_MODEL = 'gpt-test';

/**
 * A valid env with the safe defaults on (the real `USAGE` Durable Object); limits are high so only
 * the tests about limits meet them. Pass `undefined` for a key to leave that variable out.
 */
export function testEnv(overrides: Record<string, unknown> = {}): ProxyEnv {
  const env: Record<string, unknown> = {
    UPSTREAM_BASE_URL,
    ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    UPSTREAM_API_KEY: TEST_KEY,
    MODELS: TEST_MODEL,
    RATE_LIMIT_PER_MINUTE: '100000',
    DAILY_CREDITS: '10000000',
    DEPLOYMENT_DAILY_CREDITS: '1000000000',
    USAGE: (bindings as { USAGE?: unknown }).USAGE,
    ...overrides,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env as ProxyEnv;
}

/**
 * Exactly the README's three settings (and the wrangler.jsonc Durable Object), so every safe default is
 * on at its real value, plus `vars`.
 */
export function readmeEnv(vars: Record<string, unknown> = {}): ProxyEnv {
  return {
    ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    UPSTREAM_BASE_URL,
    UPSTREAM_API_KEY: TEST_KEY,
    USAGE: bindings.USAGE,
    ...vars,
  } as ProxyEnv;
}

/** {@link testEnv} plus an MCP server `docs` at {@link MCP_URL} whose credential is {@link MCP_KEY}. */
export function mcpEnv(overrides: Record<string, unknown> = {}): ProxyEnv {
  return testEnv({
    MCP_SERVERS: JSON.stringify({ docs: { url: MCP_URL, apiKeySecret: 'DOCS_MCP_TOKEN' } }),
    DOCS_MCP_TOKEN: MCP_KEY,
    ...overrides,
  });
}

/** Request headers for tests: a header given as `undefined` is left out (e.g. `Origin`). */
export type TestHeaders = Record<string, string | undefined>;

function headersOf(defaults: Record<string, string>, given: TestHeaders = {}): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries({ Origin: ALLOWED_ORIGIN, ...defaults, ...given })) {
    if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** A JSON-RPC POST to the proxy's `/mcp/{serverId}`, from the allowed origin unless told otherwise. */
export function mcpRequest(
  serverId = 'docs',
  init: { method?: string; headers?: TestHeaders; body?: BodyInit | null } = {},
): Request {
  const method = init.method ?? 'POST';
  return new Request(`${PROXY}/mcp/${serverId}`, {
    method,
    headers: headersOf(
      { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      init.headers,
    ),
    body:
      method === 'POST'
        ? (init.body ?? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))
        : undefined,
  });
}

const pending: ExecutionContext[] = [];
// A test's late log lines land before the next test starts, and a body it never read (whose log
// line never comes) is not waited for beyond a moment.
afterEach(async () => {
  const left = pending.splice(0);
  await Promise.race([
    Promise.all(left.map((ctx) => waitOnExecutionContext(ctx))),
    new Promise((resolve) => setTimeout(resolve, 100)),
  ]);
});

/**
 * Calls the deployed worker's default export in this workerd isolate, as the runtime would: with an
 * execution context, so streamed answers are logged once their body has gone through (see
 * {@link settled}).
 */
export async function callProxy(request: Request, env: ProxyEnv = testEnv()): Promise<Response> {
  const ctx = createExecutionContext();
  pending.push(ctx);
  return worker.fetch(request, env, ctx);
}

/**
 * Waits for the work the proxy left with `ctx.waitUntil` (the log lines of answers whose bodies
 * were passed on). Read the response bodies first: a body nobody reads never finishes.
 */
export async function settled(): Promise<void> {
  for (const ctx of pending.splice(0)) await waitOnExecutionContext(ctx);
}

/**
 * Calls `proxy` (e.g. one with a test clock) with an execution context per request, as the runtime
 * would; `settled()` waits for what they left running (log lines, limits settling with the
 * counter). Read the response bodies first.
 */
export function withExecutionContext(proxy: ProxyHandler) {
  const contexts: ExecutionContext[] = [];
  return {
    call(request: Request, env: ProxyEnv): Promise<Response> {
      const ctx = createExecutionContext();
      contexts.push(ctx);
      return proxy(request, env, ctx);
    },
    async settled(): Promise<void> {
      for (const ctx of contexts.splice(0)) await waitOnExecutionContext(ctx);
    },
  };
}

/** A JSON chat completion request to the proxy, from the allowed origin unless told otherwise. */
export function chatRequest(init: { headers?: TestHeaders; body?: BodyInit } = {}): Request {
  return new Request(`${PROXY}/v1/chat/completions`, {
    method: 'POST',
    headers: headersOf({ 'Content-Type': 'application/json' }, init.headers),
    body: init.body ?? JSON.stringify({ model: TEST_MODEL, messages: [{ role: 'user', content: 'hi' }] }),
  });
}

/** A request to any proxy path from the allowed origin (`Origin: undefined` leaves it out). */
export function proxyRequest(
  path: string,
  init: { method?: string; headers?: TestHeaders; body?: BodyInit } = {},
): Request {
  return new Request(`${PROXY}${path}`, {
    method: init.method ?? 'GET',
    headers: headersOf({}, init.headers),
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

/**
 * Replaces the global fetch (which the worker uses to reach the upstream) with `respond`,
 * recording each upstream request as a `Request` so tests can inspect URL, headers and body.
 */
export function stubUpstream(respond: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return respond(request);
  });
  return { spy, requests };
}

/**
 * An upstream event stream the test writes to as it goes: `response()` is what the stubbed upstream
 * answers (`text/event-stream`), `push(text)` sends one chunk, `close()` ends it.
 */
export function upstreamEventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

/** Captures everything written through console.log/info/warn/error/debug as text lines. */
export function captureConsole(): { text: () => string; lines: string[] } {
  const lines: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    });
  }
  return { lines, text: () => lines.join('\n') };
}

/** Every header of a response as one string, to search for leaks. */
export function headerText(response: Response): string {
  return [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
}

/** Rejects if `promise` does not settle within `ms`, naming what was expected. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)),
  ]);
}
