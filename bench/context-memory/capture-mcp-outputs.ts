// Captures real tool outputs from @modelcontextprotocol/server-everything once, into
// fixtures/mcp-everything.json, for the deterministic context-memory benchmark. Run from the repo root:
//   node bench/context-memory/capture-mcp-outputs.ts
// The server starts with an EMPTY environment (its get-env tool would print env vars; we never call it).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
// The SDK is a dependency of @agent-chat/core, not of bench/: load it from there.
const sdk = join(root, 'packages/core/node_modules/@modelcontextprotocol/client/dist/index.mjs');
// Typed loosely on purpose: bench/ does not depend on the SDK's types.
interface McpClient {
  connect(transport: unknown): Promise<void>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listTools(): Promise<{ tools: unknown[] }>;
  listResources(): Promise<{ resources: Array<{ uri: string }> }>;
  readResource(request: { uri: string }): Promise<unknown>;
  close(): Promise<void>;
}
const { Client, StreamableHTTPClientTransport } = (await import(sdk)) as {
  Client: new (info: { name: string; version: string }) => McpClient;
  StreamableHTTPClientTransport: new (url: URL) => unknown;
};
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const server = spawn(
  process.execPath,
  [join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'streamableHttp'],
  { env: { PORT: String(port), PATH: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
);
const stop = setTimeout(() => server.kill(), 60_000); // never outlive a stuck capture

try {
  await waitForPort(port);
  const client = new Client({ name: 'agent-chat-fixture-capture', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  const calls: Array<[string, Record<string, unknown>]> = [
    ['echo', { message: 'Which green teas are in stock?' }],
    ['get-sum', { a: 1234, b: 5678 }],
    ['get-structured-content', { location: 'New York' }],
    ['get-structured-content', { location: 'Chicago' }],
    ['get-annotated-message', { messageType: 'error', includeImage: false }],
    ['get-annotated-message', { messageType: 'success', includeImage: false }],
    ['get-resource-links', { count: 10 }],
    ['get-resource-reference', { resourceType: 'Text', resourceId: 3 }],
    ['get-tiny-image', {}],
  ];
  const outputs: Array<{ tool: string; args: unknown; result: unknown }> = [];
  for (const [name, args] of calls) {
    const result = await client.callTool({ name, arguments: args });
    outputs.push({ tool: name, args, result });
  }
  const tools = await client.listTools();
  const resources = await client.listResources();
  const first = resources.resources.slice(0, 3);
  const reads = [];
  for (const resource of first) reads.push(await client.readResource({ uri: resource.uri }));
  writeFileSync(
    join(import.meta.dirname, 'fixtures/mcp-everything.json'),
    `${JSON.stringify({ capturedWith: 'server-everything 2026.8.31, streamableHttp', outputs, tools, resources, reads }, null, 2)}\n`,
  );
  await client.close();
  console.log(
    `captured ${outputs.length} tool outputs, ${tools.tools.length} tools, ${resources.resources.length} resources`,
  );
} finally {
  clearTimeout(stop);
  server.kill();
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'GET' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server-everything did not listen on ${port}`);
}
