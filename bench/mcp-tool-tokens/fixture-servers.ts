import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

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
    const server = new Server({ name: `fixture-${id}`, version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { text, structured } = result(id, request.params.name, request.params.arguments ?? {});
      const declared = tools.find((t) => t.name === request.params.name)?.outputSchema;
      return {
        content: [{ type: 'text', text }],
        ...(declared ? { structuredContent: structured ?? { content: text } } : {}),
      };
    });
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
