import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  acceptedContent,
  type CallToolResult,
  createMcpHandler,
  type InputRequiredResult,
  inputRequired,
  legacyStatelessFallback,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

/** One MCP server of the v2 server SDK on a local port, and what it received. */
export interface V2Server {
  /** `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Every request's method and MCP headers, in arrival order. */
  requests: Array<{ method: string; headers: Record<string, string | undefined> }>;
  stop(): Promise<void>;
}

const HEADERS = ['mcp-method', 'mcp-name', 'mcp-protocol-version', 'mcp-session-id'] as const;

/**
 * A server that speaks only 2026-07-28, statelessly (`createMcpHandler` with `legacy: 'reject'`: no
 * `initialize`, no session). Its `forecast` tool asks for the unit with an input-required elicitation
 * (a form in the widget), then reports progress in three steps and answers.
 */
export function startModernServer(): Promise<V2Server> {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer(
        { name: 'weather-2026', version: '1.0.0' },
        { capabilities: { tools: {} } },
      );
      const unitForm = z.object({ unit: z.enum(['celsius', 'fahrenheit']).meta({ title: 'Unit' }) });
      server.registerTool(
        'forecast',
        {
          description: 'The weather forecast for a city. Asks the user for the unit.',
          inputSchema: z.object({ city: z.string() }),
        },
        async ({ city }, ctx): Promise<CallToolResult | InputRequiredResult> => {
          const answer = acceptedContent(ctx.mcpReq.inputResponses, 'unit', unitForm);
          if (!answer)
            return inputRequired({
              inputRequests: {
                unit: inputRequired.elicit({ message: `Which unit for ${city}?`, requestedSchema: unitForm }),
              },
            });
          const progressToken = ctx.mcpReq._meta?.progressToken;
          for (let step = 1; step <= 3; step++) {
            if (progressToken !== undefined)
              await ctx.mcpReq.notify({
                method: 'notifications/progress',
                params: { progressToken, progress: step, total: 3, message: `Step ${step} of 3` },
              });
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          const degrees = answer.unit === 'celsius' ? '21 °C' : '70 °F';
          return { content: [{ type: 'text', text: `Forecast for ${city}: sunny, ${degrees}.` }] };
        },
      );
      return server;
    },
    { legacy: 'reject' },
  );
  return serveFetch((request) => handler.fetch(request));
}

/**
 * A server that speaks only 2025-11-25 (the v2 SDK's stateless 2025 serving, its supported versions
 * pinned): a client must fall back from `server/discover` to `initialize`. Its `greet` tool says hello.
 */
export function startLegacyServer(): Promise<V2Server> {
  const handler = legacyStatelessFallback(() => {
    const server = new McpServer(
      { name: 'greeter-2025', version: '1.0.0' },
      { capabilities: { tools: {} }, supportedProtocolVersions: ['2025-11-25'] },
    );
    server.registerTool(
      'greet',
      { description: 'Greets someone by name.', inputSchema: z.object({ name: z.string() }) },
      async ({ name }) => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] }),
    );
    return server;
  });
  return serveFetch(handler);
}

/** Serves a fetch-shaped handler over node:http, recording each request's method and MCP headers. */
export async function serveFetch(fetchHandler: (request: Request) => Promise<Response>): Promise<V2Server> {
  const requests: V2Server['requests'] = [];
  const http = createServer((req, res) => void relay(req, res, fetchHandler, requests));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    stop: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

async function relay(
  req: IncomingMessage,
  res: ServerResponse,
  fetchHandler: (request: Request) => Promise<Response>,
  requests: V2Server['requests'],
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  let method = req.method ?? 'GET';
  try {
    method = (JSON.parse(body.toString('utf8')) as { method?: string }).method ?? method;
  } catch {
    // Not JSON (a GET or DELETE): the HTTP method is what was asked.
  }
  requests.push({ method, headers: Object.fromEntries(HEADERS.map((name) => [name, header(req, name)])) });
  await sendWebResponse(res, await fetchHandler(toWebRequest(req, body.toString('utf8'))));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Answers one node:http request (its body already read) with a web-standard MCP server transport of
 * the v2 SDK, connected to `server` for this request only (stateless serving).
 */
export async function answerStateless(
  req: IncomingMessage,
  res: ServerResponse,
  body: string | undefined,
  server: McpServer,
  options: { enableJsonResponse?: boolean } = {},
): Promise<void> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    ...options,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await sendWebResponse(res, await transport.handleRequest(toWebRequest(req, body)));
}

/** A node:http request (its body already read) as a web-standard Request. */
export function toWebRequest(req: IncomingMessage, body: string | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
  const method = req.method ?? 'GET';
  return new Request(`http://127.0.0.1${req.url ?? '/'}`, {
    method,
    headers,
    ...(body?.length && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
  });
}

/** Writes a web-standard Response (streamed) to a node:http response. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
}
