import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { isInitializeRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { sendWebResponse, toWebRequest } from './v2-servers.ts';

/** A stdio MCP server from npm, reachable over streamable HTTP. */
export interface BridgedServer {
  /** `http://127.0.0.1:<port>/mcp`. */
  url: string;
  stop(): Promise<void>;
}

const testRoot = join(import.meta.dirname, '..');

/**
 * Serves a stdio MCP server (a package's `bin` script, run with this Node) over streamable HTTP: each
 * HTTP session gets its own child process and the JSON-RPC messages are passed through unchanged, so
 * the client talks to the real server. Children get an empty environment apart from PATH and `env`,
 * and the HTTP server closes itself after `idleTimeoutMs` without requests.
 */
export async function bridgeStdioServer(options: {
  /** e.g. `@modelcontextprotocol/server-memory/dist/index.js`, resolved in test/node_modules. */
  script: string;
  args?: string[];
  env?: Record<string, string>;
  idleTimeoutMs?: number;
}): Promise<BridgedServer> {
  const sessions = new Map<
    string,
    { http: WebStandardStreamableHTTPServerTransport; stdio: StdioClientTransport }
  >();
  let idle: NodeJS.Timeout | undefined;
  const server = createServer(async (req, res) => {
    clearTimeout(idle);
    idle = setTimeout(() => void stop(), options.idleTimeoutMs ?? 120_000).unref();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
    const body = text ? JSON.parse(text) : undefined;
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) return sendWebResponse(res, await existing.http.handleRequest(toWebRequest(req, text)));
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      res.writeHead(id ? 404 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No such session' }, id: null }),
      );
      return;
    }
    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: [join(testRoot, 'node_modules', options.script), ...(options.args ?? [])],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
      stderr: 'ignore',
    });
    const http: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, { http, stdio }),
    });
    http.onmessage = (message) => void stdio.send(message);
    stdio.onmessage = (message) => void http.send(message);
    http.onclose = () => {
      if (http.sessionId) sessions.delete(http.sessionId);
      void stdio.close();
    };
    await stdio.start();
    await http.start();
    await sendWebResponse(res, await http.handleRequest(toWebRequest(req, text)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  async function stop(): Promise<void> {
    clearTimeout(idle);
    await Promise.all([...sessions.values()].map(({ http }) => http.close()));
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { url: `http://127.0.0.1:${port}/mcp`, stop };
}
