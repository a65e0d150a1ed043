import { randomUUID } from 'node:crypto';
import { McpHub, type McpHubEvent } from '@agent-chat/core';
import { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFetch, type V2Server } from './v2-servers.ts';

// A real SDK server (one stateful session) whose tool list changes while the hub is connected.
let mcp: McpServer;
let http: V2Server;
let url: string;

beforeAll(async () => {
  mcp = new McpServer(
    { name: 'changing', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  mcp.registerTool('first', { description: 'The first tool. It says one.' }, async () => ({
    content: [{ type: 'text', text: 'one' }],
  }));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  http = await serveFetch((request) => transport.handleRequest(request));
  url = http.url;
});
afterAll(async () => {
  await mcp.close();
  await http.stop();
});

describe('McpHub and notifications/tools/list_changed', () => {
  it('re-lists a server when it says its tools changed, without waiting for the TTL', async () => {
    const events: McpHubEvent[] = [];
    const hub = new McpHub({
      servers: [{ id: 'changing', url }],
      refreshTtlMs: 3_600_000,
      onEvent: (e) => events.push(e),
    });
    try {
      await hub.start();
      expect((await hub.summaries()).map((s) => s.name)).toEqual(['mcp__changing__first']);
      const listsBefore = hub.stats().listRequests.changing!;
      // Give the client time to open its standalone SSE stream, which carries server notifications.
      await new Promise((resolve) => setTimeout(resolve, 300));
      mcp.registerTool('second', { description: 'The second tool.' }, async () => ({
        content: [{ type: 'text', text: 'two' }],
      }));
      await expect
        .poll(() => events.find((e) => e.type === 'mcp.tools.changed'), { timeout: 3_000 })
        .toEqual({ type: 'mcp.tools.changed', serverId: 'changing', toolCount: 2 });
      expect((await hub.summaries()).map((s) => s.name)).toEqual([
        'mcp__changing__first',
        'mcp__changing__second',
      ]);
      expect(hub.stats().listRequests.changing).toBe(listsBefore + 1);
    } finally {
      await hub.dispose();
    }
  });
});
