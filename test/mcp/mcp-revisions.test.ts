import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpHub, type McpHubEvent, McpProtocolError } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacyServer, startModernServer, type V2Server } from './v2-servers.ts';

// Servers that do not speak MCP as we do, beside one that does: each gets a typed error naming it and
// what it sent, and the good one keeps working.
let greeter: V2Server;
let weather: V2Server;
let bad: Server;
let badUrl: string;

/** JSON-RPC answers by path: what each bad server says to `server/discover`, `initialize` and calls. */
const ANSWERS: Record<string, (method: string, id: unknown) => [number, unknown]> = {
  // A 2025-era server whose handshake names a revision we do not speak.
  '/old': (method, id) =>
    method === 'initialize'
      ? [
          200,
          {
            jsonrpc: '2.0',
            id,
            result: {
              protocolVersion: '2024-11-05',
              capabilities: {},
              serverInfo: { name: 'old', version: '1' },
            },
          },
        ]
      : [400, { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }],
  // Answers server/discover with something that is not a discover result, and nothing else.
  '/garbled': (method, id) =>
    method === 'server/discover'
      ? [200, { jsonrpc: '2.0', id, result: { supportedVersions: 'all of them' } }]
      : [400, { jsonrpc: '2.0', id, error: { code: -32600, message: 'Bad request' } }],
};

beforeAll(async () => {
  greeter = await startLegacyServer();
  weather = await startModernServer();
  bad = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        method?: string;
        id?: unknown;
      };
      const answer = ANSWERS[req.url ?? '']?.(message.method ?? '', message.id ?? null) ?? [404, {}];
      if (message.id === undefined) return void res.writeHead(202).end();
      res.writeHead(answer[0], { 'content-type': 'application/json' }).end(JSON.stringify(answer[1]));
    });
  });
  await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
  badUrl = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await greeter.stop();
  await weather.stop();
  bad.closeAllConnections();
  await new Promise((resolve) => bad.close(resolve));
});

describe('McpHub and servers that do not speak 2026-07-28 or 2025-11-25', () => {
  it.each([
    ['old', '/old', /"old".*2024-11-05/],
    ['garbled', '/garbled', /"garbled".*server\/discover result \{"supportedVersions":"all of them"\}/],
  ])(
    '%s: a typed error naming the server and what it sent; the other server keeps working',
    async (id, path, said) => {
      const events: McpHubEvent[] = [];
      const hub = new McpHub({
        servers: [
          { id, url: `${badUrl}${path}`, retries: 0 },
          { id: 'greeter', url: greeter.url },
        ],
        onEvent: (event) => events.push(event),
      });
      try {
        await hub.start();
        const down = events.find((e) => e.type === 'mcp.server.down');
        expect(down).toMatchObject({ type: 'mcp.server.down', serverId: id });
        expect(down?.type === 'mcp.server.down' && down.error).toMatch(said);
        const refused = await hub.callTool(`mcp__${id}__anything`, {}).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(McpProtocolError);
        expect(refused).toMatchObject({ code: 'mcp_protocol_mismatch', serverId: id });
        expect((refused as Error).message).toMatch(said);
        expect((await hub.callTool('mcp__greeter__greet', { name: 'Ada' })).text).toContain('Hello, Ada!');
      } finally {
        await hub.dispose();
      }
    },
  );

  it('a header that disagrees with the body (Mcp-Name rewritten on the way): the server refuses it, a typed error names the server; the other keeps working', async () => {
    // What a faulty intermediary would do: the header names another tool than the body.
    const rewrite: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (headers.has('mcp-name')) headers.set('mcp-name', 'delete_everything');
      return fetch(input, { ...init, headers });
    };
    const hub = new McpHub({
      servers: [
        { id: 'weather', url: weather.url, fetch: rewrite, retries: 0 },
        { id: 'greeter', url: greeter.url },
      ],
    });
    try {
      await hub.start();
      const refused = await hub
        .callTool('mcp__weather__forecast', { city: 'Paris' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(McpProtocolError);
      expect(refused).toMatchObject({ code: 'mcp_protocol_mismatch', serverId: 'weather' });
      expect((refused as Error).message).toMatch(/"weather"/);
      expect((await hub.callTool('mcp__greeter__greet', { name: 'Ada' })).text).toContain('Hello, Ada!');
    } finally {
      await hub.dispose();
    }
  });
});
