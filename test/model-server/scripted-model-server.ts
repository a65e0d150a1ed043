import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicStreamEvents, openAIStreamEvents, type ScriptedTurn } from '@agent-chat/core/test';

/** A request the scripted server received. */
export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  receivedAt: number;
  /** When its connection closed, and whether the whole answer had been sent (`complete`) or not (`aborted`). */
  closed?: { at: number; how: 'complete' | 'aborted' };
}

/** A running scripted model server. */
export interface ScriptedModelServer {
  /** Base URL ending in `/v1`, as `openAICompatible({ baseURL })`, `anthropic({ baseURL })` and the proxy's `UPSTREAM_BASE_URL` take it. */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  /** Queues turns; each chat request consumes one. */
  enqueue(...turns: ScriptedTurn[]): void;
  /**
   * Queues answers of `POST /v1/images/generations`, one per request: the image as `b64_json`, as a `url`
   * this server serves (with CORS, as a CDN would), or an error. Without one queued, `b64_json`.
   */
  enqueueImage(...answers: ImageAnswer[]): void;
  /**
   * Answers chat requests when no turn is queued: a function of the request, like a model that reads the
   * conversation (a simulated small model that errs once and then does what it is told). `undefined` removes it.
   */
  respondWith(responder: ((request: RecordedRequest) => ScriptedTurn) | undefined): void;
  /** Turns not yet consumed. */
  readonly pending: number;
  close(): Promise<void>;
}

/** How the scripted server answers one image generation request. */
export type ImageAnswer = 'b64_json' | 'url' | { error: { status: number; body: unknown } };

/** A 1×1 PNG, the picture every scripted image generation returns. */
export const SCRIPTED_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/**
 * Starts a model server on 127.0.0.1 (random port) that plays scripted turns in order in the real
 * streaming wire formats: OpenAI on `POST /v1/chat/completions`, Anthropic on `POST /v1/messages`.
 * Turns can carry text in chunks, tool calls with fragmented argument JSON (with or without ids),
 * parallel calls, usage (or none), HTTP errors with provider-style bodies (429 with Retry-After, 529
 * overloaded), cut streams, stalls after the headers (`stallMs`), reasoning (`reasoning_content` /
 * Anthropic `thinking` and `redacted_thinking` blocks) and non-SSE bodies. `GET /v1/models` lists `models`;
 * `POST /v1/images/generations` answers in the OpenAI images format (see `enqueueImage`).
 * It closes itself after `idleTimeoutMs` without requests so a crashed test never leaves it running.
 */
export async function startScriptedModelServer(
  options: { idleTimeoutMs?: number; models?: string[] } = {},
): Promise<ScriptedModelServer> {
  const queue: ScriptedTurn[] = [];
  const images: ImageAnswer[] = [];
  const requests: RecordedRequest[] = [];
  let responder: ((request: RecordedRequest) => ScriptedTurn) | undefined;
  const idleTimeoutMs = options.idleTimeoutMs ?? 120_000;
  let idleTimer: NodeJS.Timeout | undefined;

  const server = createServer(async (req, res) => {
    armIdleTimer();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: (options.models ?? ['scripted-model']).map((id) => ({
          id,
          object: 'model',
          owned_by: 'scripted',
        })),
      });
      return;
    }
    if (req.method === 'GET' && path.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      res.end(Buffer.from(SCRIPTED_PNG, 'base64'));
      return;
    }
    if (req.method === 'POST' && path === '/v1/images/generations') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      requests.push({ path, headers: req.headers, body, receivedAt: Date.now() });
      const answer = images.shift() ?? 'b64_json';
      if (typeof answer === 'object') {
        sendJson(res, answer.error.status, answer.error.body);
        return;
      }
      const { port } = server.address() as AddressInfo;
      const image =
        answer === 'url'
          ? { url: `http://127.0.0.1:${port}/files/image-${requests.length}.png` }
          : { b64_json: SCRIPTED_PNG };
      sendJson(res, 200, {
        created: Math.floor(Date.now() / 1000),
        data: [{ ...image, revised_prompt: body.prompt }],
      });
      return;
    }
    const format = path === '/v1/messages' ? 'anthropic' : 'openai';
    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/v1/messages')) {
      sendJson(res, 404, {
        error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' },
      });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      sendJson(res, 400, { error: { message: 'Request body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    const recorded: RecordedRequest = { path, headers: req.headers, body, receivedAt: Date.now() };
    requests.push(recorded);
    res.on('close', () => {
      recorded.closed = { at: Date.now(), how: res.writableFinished ? 'complete' : 'aborted' };
    });
    const turn = queue.shift() ?? responder?.(recorded);
    if (!turn) {
      sendJson(res, 500, {
        error: { message: 'scripted model server: no turn scripted', type: 'server_error' },
      });
      return;
    }
    if (turn.error) {
      const { status, body: errorBody, headers } = turn.error;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(errorBody ?? defaultErrorBody(format, status)));
      return;
    }
    if (turn.raw) {
      res.writeHead(turn.raw.status ?? 200, { 'content-type': turn.raw.contentType });
      res.end(turn.raw.body);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    // A stalled upstream: headers out, then silence (the client's idle timeout should give up first).
    if (turn.stallMs) await new Promise((resolve) => setTimeout(resolve, turn.stallMs).unref());
    const model = String(body.model ?? 'scripted-model');
    const events =
      format === 'anthropic' ? anthropicStreamEvents(turn, model) : openAIStreamEvents(turn, model);
    for (const event of events) {
      if (res.destroyed) return;
      if (turn.delayMs) await new Promise((resolve) => setTimeout(resolve, turn.delayMs));
      res.write(event);
    }
    // A cut stream ends the connection abruptly instead of finishing the response.
    if (turn.cutAfterEvents !== undefined) res.destroy();
    else res.end();
  });

  function armIdleTimer() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => server.close(), idleTimeoutMs);
    idleTimer.unref();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  armIdleTimer();
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...turns) => queue.push(...turns),
    enqueueImage: (...answers) => images.push(...answers),
    respondWith: (next) => {
      responder = next;
    },
    get pending() {
      return queue.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(idleTimer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The error body each provider sends for a status (Anthropic: 529 is `overloaded_error`). */
function defaultErrorBody(format: 'openai' | 'anthropic', status: number): unknown {
  if (format === 'openai') return { error: { message: `scripted error ${status}`, type: 'server_error' } };
  const type =
    status === 529
      ? 'overloaded_error'
      : status === 429
        ? 'rate_limit_error'
        : status === 401
          ? 'authentication_error'
          : status === 404
            ? 'not_found_error'
            : status >= 500
              ? 'api_error'
              : 'invalid_request_error';
  return {
    type: 'error',
    error: { type, message: status === 529 ? 'Overloaded' : `scripted error ${status}` },
  };
}
