import { randomUUID } from 'node:crypto';
import { type AgentEvent, createAgent, McpHub, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import {
  legacyStatelessFallback,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { serveFetch, type V2Server } from './v2-servers.ts';

const servers: V2Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function listen(handler: (request: Request) => Promise<Response>): Promise<string> {
  const server = await serveFetch(handler);
  servers.push(server);
  return server.url;
}

/** A real SDK server with a `lookup` tool that can be removed later, and a `ping` tool. */
function notesServer() {
  const mcp = new McpServer(
    { name: 'notes', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  const text = (t: string) => async () => ({ content: [{ type: 'text' as const, text: t }] });
  const lookup = mcp.registerTool(
    'lookup',
    {
      description: 'Looks a note up by its title. Returns the note text.',
      inputSchema: z.object({ title: z.string() }),
    },
    text('the note'),
  );
  mcp.registerTool('ping', { description: 'Answers pong.' }, text('pong'));
  return { mcp, lookup };
}

const LOOKUP = 'mcp__notes__lookup';
const names = (tools: Array<{ name: string }> | undefined) => (tools ?? []).map((t) => t.name).sort();
const systemOf = (m: { messages: Array<{ role: string; content: string }> }) =>
  m.messages[0]?.role === 'system' ? m.messages[0].content : '';

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

/** First run: the model loads `lookup`. Second run (after `change`): it calls `lookup` again. */
async function loadThenCallAgain(hub: McpHub, change: () => Promise<void>) {
  const store = memoryStore();
  const first = mockModel([
    { toolCalls: [{ id: 'l', name: 'load_tools', arguments: { names: [LOOKUP] } }] },
    { text: 'loaded' },
  ]);
  await collect(
    createAgent({ model: first, mcp: hub, store, mcpTools: { mode: 'lazy' } }).run({
      conversationId: 'c',
      message: 'find my note',
    }),
  );
  expect(names(first.requests[1]!.tools)).toEqual(['load_tools', LOOKUP]);
  await change();
  const second = mockModel([
    { toolCalls: [{ id: 'x', name: LOOKUP, arguments: { title: 'a' } }] },
    { text: 'gone' },
  ]);
  const events = await collect(
    createAgent({ model: second, mcp: hub, store, mcpTools: { mode: 'lazy' } }).run({
      conversationId: 'c',
      message: 'again',
    }),
  );
  return { second, events };
}

function expectUnloaded(second: ReturnType<typeof mockModel>, events: AgentEvent[]) {
  expect(names(second.requests[0]!.tools)).toEqual(['load_tools']);
  expect(systemOf(second.requests[0]!)).toContain(
    `Unloaded because their servers no longer offer them: ${LOOKUP}. Do not call them.`,
  );
  expect(systemOf(second.requests[0]!)).toContain('mcp__notes__*:\nping: Answers pong');
  expect(events.find((e) => e.type === 'tool.error')).toMatchObject({
    error: `the tool "${LOOKUP}" was unloaded: its server no longer offers it. Do not call it again.`,
  });
}

describe('lazy MCP tools stay current: a loaded tool its server removes is unloaded and the model told', () => {
  it('on notifications/tools/list_changed', async () => {
    const { mcp, lookup } = notesServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
    });
    await mcp.connect(transport);
    const url = await listen((request) => transport.handleRequest(request));
    const changed: string[] = [];
    const hub = new McpHub({
      servers: [{ id: 'notes', url }],
      refreshTtlMs: 3_600_000,
      onEvent: (e) => void (e.type === 'mcp.tools.changed' && changed.push(e.serverId)),
    });
    try {
      await hub.start();
      const { second, events } = await loadThenCallAgain(hub, async () => {
        // The standalone SSE stream that carries the notification opens shortly after initialisation.
        await new Promise((resolve) => setTimeout(resolve, 300));
        lookup.remove();
        await expect.poll(() => changed, { timeout: 3_000 }).toEqual(['notes']);
      });
      expectUnloaded(second, events);
    } finally {
      await hub.dispose();
      await mcp.close();
    }
  });

  it('on the TTL refresh, for a server that sends no notifications', async () => {
    let removed = false;
    // Stateless: a fresh server per request (no notification stream), its list read from `removed`.
    const url = await listen(
      legacyStatelessFallback(() => {
        const { mcp, lookup } = notesServer();
        if (removed) lookup.remove();
        return mcp;
      }),
    );
    const hub = new McpHub({ servers: [{ id: 'notes', url }], refreshTtlMs: 200 });
    try {
      await hub.start();
      const { second, events } = await loadThenCallAgain(hub, async () => {
        removed = true;
        await new Promise((resolve) => setTimeout(resolve, 250));
      });
      expectUnloaded(second, events);
    } finally {
      await hub.dispose();
    }
  });
});
