import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openAIStreamEvents, type ScriptedTurn } from '@agent-chat/core/test';

/** A request the scripted server received. */
export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  receivedAt: number;
}

/** A running scripted model server. */
export interface ScriptedModelServer {
  /** Base URL ending in `/v1`, as `openAICompatible({ baseURL })` and the proxy's `UPSTREAM_BASE_URL` take it. */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  /** Queues turns; each chat request consumes one. */
  enqueue(...turns: ScriptedTurn[]): void;
  /** Turns not yet consumed. */
  readonly pending: number;
  close(): Promise<void>;
}

/**
 * Starts a model server on 127.0.0.1 (random port) that answers `POST /v1/chat/completions` with the
 * real OpenAI streaming wire format, playing scripted turns in order: text in chunks, tool calls with
 * fragmented argument JSON, parallel calls, usage, HTTP errors with provider-style bodies, cut streams.
 * It closes itself after `idleTimeoutMs` without requests so a crashed test never leaves it running.
 */
export async function startScriptedModelServer(
  options: { idleTimeoutMs?: number } = {},
): Promise<ScriptedModelServer> {
  const queue: ScriptedTurn[] = [];
  const requests: RecordedRequest[] = [];
  const idleTimeoutMs = options.idleTimeoutMs ?? 120_000;
  let idleTimer: NodeJS.Timeout | undefined;

  const server = createServer(async (req, res) => {
    armIdleTimer();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
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
    requests.push({ path, headers: req.headers, body, receivedAt: Date.now() });
    const turn = queue.shift();
    if (!turn) {
      sendJson(res, 500, {
        error: { message: 'scripted model server: no turn scripted', type: 'server_error' },
      });
      return;
    }
    if (turn.error) {
      const { status, body: errorBody, headers } = turn.error;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(
        JSON.stringify(errorBody ?? { error: { message: `scripted error ${status}`, type: 'server_error' } }),
      );
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    const events = openAIStreamEvents(turn, String(body.model ?? 'scripted-model'));
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
