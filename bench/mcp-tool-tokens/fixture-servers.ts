import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FixtureTool } from './fixture-tools.ts';

/** Real MCP servers (SDK, streamable HTTP, stateless) at `http://127.0.0.1:<port>/<id>/mcp`, one per id. */
export async function startFixtureServers(
  servers: Record<string, FixtureTool[]>,
): Promise<{ urls: Record<string, string>; stop: () => Promise<void> }> {
  const http: HttpServer = createServer((req, res) => {
    const id = /^\/([^/]+)\/mcp$/.exec(req.url ?? '')?.[1];
    const tools = id ? servers[id] : undefined;
    if (!tools || req.method !== 'POST') {
      res.writeHead(tools ? 405 : 404).end();
      return;
    }
    const server = new Server({ name: `fixture-${id}`, version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [{ type: 'text', text: `${request.params.name} ran` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void server.close());
    void server.connect(transport).then(() => transport.handleRequest(req, res));
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
