import { type AgentEvent, createAgent, McpHub, type McpHubEvent } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpServerProcess, startServerEverything } from './spawn-mcp-server.ts';

const LONG = 'mcp__everything__trigger-long-running-operation';

let server: McpServerProcess;
beforeAll(async () => {
  server = await startServerEverything();
});
afterAll(async () => {
  await server?.stop();
});

async function collect(run: AsyncIterable<AgentEvent>, onEvent?: (event: AgentEvent) => void): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}

describe('McpHub against server-everything (streamable HTTP)', () => {
  it('lists one-sentence summaries at start and materialises only the selected tools', async () => {
    const hubEvents: McpHubEvent[] = [];
    const hub = new McpHub({ servers: [{ id: 'everything', url: server.url }], onEvent: (e) => hubEvents.push(e) });
    try {
      await hub.start();
      const summaries = await hub.summaries();
      const names = summaries.map((s) => s.name);
      expect(names).toContain('mcp__everything__echo');
      expect(names).toContain(LONG);
      expect(summaries.every((s) => !('inputSchema' in s))).toBe(true);
      expect(hubEvents).toContainEqual({ type: 'mcp.server.up', serverId: 'everything', toolCount: names.length });
      expect(hub.stats().materialised).toEqual([]);
      const listsAtStart = hub.stats().listRequests.everything!;

      const tools = await hub.tools(['mcp__everything__echo', 'mcp__everything__get-sum']);
      expect(tools.map((t) => t.name)).toEqual(['mcp__everything__echo', 'mcp__everything__get-sum']);
      expect(tools[1]!.jsonSchema).toMatchObject({ type: 'object', properties: { a: {}, b: {} } });
      expect(hub.stats().materialised.sort()).toEqual(['mcp__everything__echo', 'mcp__everything__get-sum']);
      // MCP has no per-tool schema request: materialising costs exactly one more tools/list.
      expect(hub.stats().listRequests.everything).toBe(listsAtStart + 1);

      // The model is offered exactly the selected tools, with their full schemas.
      const model = mockModel([{ toolCalls: [{ name: 'mcp__everything__get-sum', arguments: { a: 2, b: 40 } }] }, { text: 'done' }]);
      const events = await collect(createAgent({ model, tools }).run({ message: 'add' }));
      expect(model.requests[0]!.tools!.map((t) => t.name)).toEqual(['mcp__everything__echo', 'mcp__everything__get-sum']);
      const complete = events.find((e) => e.type === 'tool.complete');
      expect(complete).toMatchObject({ content: expect.stringContaining('42') });
    } finally {
      await hub.dispose();
    }
  });
});
