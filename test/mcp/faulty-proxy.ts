import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';

/** One request the proxy saw. */
export interface SeenRequest {
  method: string;
  sessionId: string | undefined;
  /** JSON-RPC method(s) of a POST body. */
  rpc: string[];
}

/**
 * A pass-through HTTP proxy in front of a real MCP server that can misbehave on demand: forget
 * sessions (404, as the streamable HTTP spec prescribes for an expired `Mcp-Session-Id`), fail the next
 * requests with an HTTP status, and record what the client sent and how many tool calls overlapped.
 */
export class FaultyProxy {
  readonly seen: SeenRequest[] = [];
  maxConcurrentCalls = 0;
  #concurrentCalls = 0;
  #expired = new Set<string>();
  #failNext = 0;
  #failStatus = 503;
  #server: Server | undefined;
  readonly #target: URL;

  constructor(target: string) {
    this.#target = new URL(target);
  }

  /** Starts listening on 127.0.0.1; returns the proxy's MCP URL. */
  async start(): Promise<string> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const sessionId = req.headers['mcp-session-id'] as string | undefined;
        const rpc = rpcMethods(body);
        this.seen.push({ method: req.method ?? '', sessionId, rpc });
        if (this.#failNext > 0) {
          this.#failNext--;
          res.writeHead(this.#failStatus, { 'content-type': 'text/plain' }).end('injected failure');
          return;
        }
        if (sessionId && this.#expired.has(sessionId)) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32001, message: 'Session not found' },
              id: null,
            }),
          );
          return;
        }
        const isCall = rpc.includes('tools/call');
        if (isCall) this.maxConcurrentCalls = Math.max(this.maxConcurrentCalls, ++this.#concurrentCalls);
        let counted = isCall;
        const release = () => {
          if (counted) this.#concurrentCalls--;
          counted = false;
        };
        const upstream = httpRequest(
          this.#target,
          { method: req.method, headers: forwardHeaders(req.headers, this.#target, body.length) },
          (response) => {
            res.writeHead(response.statusCode ?? 502, response.headers);
            response.pipe(res);
            response.on('end', release);
          },
        );
        upstream.on('error', () => {
          release();
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        res.on('close', () => {
          release();
          upstream.destroy();
        });
        upstream.end(body);
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    if (!address || typeof address !== 'object') throw new Error('proxy did not bind');
    return `http://127.0.0.1:${address.port}/mcp`;
  }

  /** From now on, requests with any session id seen so far get 404 (the server "forgot" them). */
  expireSessions(): void {
    for (const request of this.seen) if (request.sessionId) this.#expired.add(request.sessionId);
  }

  /** The next `count` requests fail with `status`. */
  failNext(count: number, status = 503): void {
    this.#failNext = count;
    this.#failStatus = status;
  }

  /** JSON-RPC methods POSTed so far, in order. */
  rpcLog(): string[] {
    return this.seen.flatMap((request) => request.rpc);
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

function rpcMethods(body: Buffer): string[] {
  if (body.length === 0) return [];
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.map((m) => (m as { method?: string }).method ?? 'response');
  } catch {
    return ['(not json)'];
  }
}

function forwardHeaders(headers: IncomingHttpHeaders, target: URL, length: number): IncomingHttpHeaders {
  const forwarded = { ...headers, host: target.host };
  delete forwarded.connection;
  if (length > 0) forwarded['content-length'] = String(length);
  return forwarded;
}
