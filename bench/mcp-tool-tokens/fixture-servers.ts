import { createServer, type Server as HttpServer } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { legacyStatelessFallback, Server, type Tool } from '@modelcontextprotocol/server';

/**
 * Real MCP servers (SDK, streamable HTTP, stateless) at `http://127.0.0.1:<port>/<id>/mcp`, one per id,
 * listing `tools` exactly as given and answering each call with `result(server, tool, args)`: its text,
 * and its structured content for a tool that declares an output schema (the client checks it).
 */
export async function startFixtureServers(
  servers: Record<string, Tool[]>,
  result: (
    serverId: string,
    tool: string,
    args: unknown,
  ) => { text: string; structured?: Record<string, unknown> },
): Promise<{ urls: Record<string, string>; stop: () => Promise<void> }> {
  const http: HttpServer = createServer((req, res) => {
    const id = /^\/([^/]+)\/mcp$/.exec(req.url ?? '')?.[1];
    const tools = id ? servers[id] : undefined;
    if (!id || !tools || req.method !== 'POST') {
      res.writeHead(tools ? 405 : 404).end();
      return;
    }
    const serve = legacyStatelessFallback(() => {
      const server = new Server({ name: `fixture-${id}`, version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler('tools/list', async () => ({ tools }));
      server.setRequestHandler('tools/call', async (request) => {
        const { text, structured } = result(id, request.params.name, request.params.arguments ?? {});
        const declared = tools.find((t) => t.name === request.params.name)?.outputSchema;
        return {
          content: [{ type: 'text', text }],
          ...(declared ? { structuredContent: structured ?? { content: text } } : {}),
        };
      });
      return server;
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers.set(name, value);
      const response = await serve(
        new Request(`http://127.0.0.1${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as ReadableStream).pipe(res);
      else res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const urls = Object.fromEntries(
    Object.keys(servers).map((id) => [id, `http://127.0.0.1:${port}/${id}/mcp`]),
  );
  return {
    urls,
    stop: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
