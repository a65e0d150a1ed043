import { createServer, type Server } from 'node:http';
import { createAgent, McpHub, type McpHubEvent } from '@agent-chat/core';
import { collect, mockModel } from '@agent-chat/core/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultyProxy } from './faulty-proxy.ts';
import { freePort, type McpServerProcess, startServerEverything } from './server-everything.ts';

const ECHO = 'mcp__everything__echo';
const LONG = 'mcp__everything__trigger-long-running-operation';

let server: McpServerProcess;
let proxy: FaultyProxy;
let proxyUrl: string;
const hubs: McpHub[] = [];

beforeAll(async () => {
  server = await startServerEverything();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.dispose()));
  await proxy?.stop();
});

async function hubBehindProxy(
  options: Partial<ConstructorParameters<typeof McpHub>[0]> = {},
  events: McpHubEvent[] = [],
) {
  proxy = new FaultyProxy(server.url);
  proxyUrl = await proxy.start();
  const hub = new McpHub({
    servers: [{ id: 'everything', url: proxyUrl, retryDelayMs: 20 }],
    onEvent: (event) => events.push(event),
    ...options,
  });
  hubs.push(hub);
  await hub.start();
  return hub;
}

describe('McpHub resilience', () => {
  it('re-initializes an expired session (404) transparently and retries the call', async () => {
    const hub = await hubBehindProxy();
    const before = hub.servers()[0]!.sessionId;
    expect(before).toBeTruthy();
    proxy.expireSessions();
    const outcome = await hub.callTool(ECHO, { message: 'still here' });
    expect(outcome.text).toContain('still here');
    const after = hub.servers()[0]!.sessionId;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The 404 was answered by a fresh initialize, then the same call again.
    const log = proxy.rpcLog();
    const renewal = log.lastIndexOf('initialize');
    expect(log.slice(renewal)).toEqual(
      expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/call']),
    );
    expect(log.filter((m) => m === 'tools/call')).toHaveLength(2);
  });

  it('retries transient HTTP failures with backoff', async () => {
    const hub = await hubBehindProxy();
    proxy.failNext(2, 503);
    const outcome = await hub.callTool(ECHO, { message: 'after two 503s' });
    expect(outcome.text).toContain('after two 503s');
    expect(hub.servers()[0]).toMatchObject({ status: 'up', consecutiveFailures: 0 });
  });

  it('withdraws the tools of a failing server with an event, tells the model, and brings them back', async () => {
    const events: McpHubEvent[] = [];
    const hub = await hubBehindProxy({ refreshTtlMs: 0 }, events);
    const tools = await hub.tools([ECHO]);
    proxy.failNext(100, 502);
    const model = mockModel([
      { toolCalls: [{ name: ECHO, arguments: { message: 'hi' } }] },
      { text: 'sorry' },
    ]);
    const run = await collect(createAgent({ model, tools }).run({ message: 'echo' }));
    expect(run.find((e) => e.type === 'tool.error')).toMatchObject({
      error: expect.stringContaining('MCP server "everything"'),
    });
    expect(run.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'mcp.server.down', serverId: 'everything' }),
    );
    expect(hub.servers()[0]).toMatchObject({ status: 'down', toolCount: 0 });
    // While it stays down, each call tries it again and says plainly that it is unavailable.
    await expect(hub.callTool(ECHO, { message: 'again' })).rejects.toMatchObject({
      code: 'mcp_server_unavailable',
      message: expect.stringContaining('still does not answer'),
    });
    proxy.failNext(0);
    // The next call finds it back without waiting for a refresh.
    expect((await hub.callTool(ECHO, { message: 'back' })).text).toBe('Echo: back');
    expect((await hub.summaries()).map((s) => s.name)).toContain(ECHO);
    expect(events.filter((e) => e.type === 'mcp.server.up')).toHaveLength(2);
  });

  it('keeps at most maxConcurrency calls in flight per server', async () => {
    proxy = new FaultyProxy(server.url);
    proxyUrl = await proxy.start();
    // Each call is silent for 0.6 s, the idle timeout is 1 s and the last call waits 1.2 s in line: that must not count.
    const hub = new McpHub({
      servers: [{ id: 'everything', url: proxyUrl, maxConcurrency: 2, timeoutMs: 1_000 }],
    });
    hubs.push(hub);
    await hub.start();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => hub.callTool(LONG, { duration: 0.6, steps: 1 })),
    );
    expect(results.every((r) => r.text.includes('completed'))).toBe(true);
    expect(proxy.maxConcurrentCalls).toBe(2);
  });

  it('cancels an in-flight call on abort (notifications/cancelled) and ends the session on dispose (DELETE)', async () => {
    const hub = await hubBehindProxy();
    const tools = await hub.tools([LONG]);
    const model = mockModel([
      { toolCalls: [{ name: LONG, arguments: { duration: 5, steps: 5 } }] },
      { text: 'x' },
    ]);
    const controller = new AbortController();
    const started = performance.now();
    const events = await collect(
      createAgent({ model, tools }).run({ message: 'go', signal: controller.signal }),
      (e) => {
        if (e.type === 'tool.progress') controller.abort();
      },
    );
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'aborted' });
    expect(performance.now() - started).toBeLessThan(3_000);
    await expect.poll(() => proxy.rpcLog()).toContain('notifications/cancelled');

    const sessionId = hub.servers()[0]!.sessionId!;
    await hub.dispose();
    expect(proxy.seen).toContainEqual(expect.objectContaining({ method: 'DELETE', sessionId }));
    // The server really dropped it: the old session id is refused.
    const reuse = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(reuse.status).toBe(400);
  });
});

describe('McpHub on page unload', () => {
  it('ends every session with a keepalive DELETE on pagehide', async () => {
    const page = new EventTarget();
    const sent: RequestInit[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      if (init?.method === 'DELETE') sent.push(init);
      return fetch(input, init);
    };
    proxy = new FaultyProxy(server.url);
    proxyUrl = await proxy.start();
    const hub = new McpHub({
      servers: [{ id: 'everything', url: proxyUrl, fetch: recordingFetch }],
      terminateOnUnload: page,
    });
    hubs.push(hub);
    await hub.start();
    const sessionId = hub.servers()[0]!.sessionId!;
    page.dispatchEvent(new Event('pagehide'));
    await expect
      .poll(() => proxy.seen.filter((r) => r.method === 'DELETE'))
      .toEqual([expect.objectContaining({ sessionId })]);
    expect(sent).toEqual([expect.objectContaining({ keepalive: true })]);
  });
});

describe('McpHub with servers that are down or not MCP', () => {
  let junk: Server;
  let junkUrl: string;
  beforeAll(async () => {
    junk = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not MCP</html>'),
    );
    await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', resolve));
    const address = junk.address();
    junkUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`;
  });
  afterAll(async () => {
    junk.closeAllConnections();
    await new Promise((resolve) => junk.close(resolve));
  });

  it('starts with the servers that answer and reports the others down', async () => {
    const events: McpHubEvent[] = [];
    const hub = new McpHub({
      servers: [
        { id: 'everything', url: server.url },
        { id: 'gone', url: `http://127.0.0.1:${await freePort()}/mcp`, retries: 1, retryDelayMs: 10 },
        { id: 'junk', url: junkUrl, retries: 0 },
      ],
      onEvent: (event) => events.push(event),
    });
    hubs.push(hub);
    await hub.start();
    const down = events.filter((e) => e.type === 'mcp.server.down');
    expect(down.map((e) => e.serverId).sort()).toEqual(['gone', 'junk']);
    expect(down.find((e) => e.serverId === 'junk')).toMatchObject({
      error: expect.stringContaining('content type'),
    });
    const servers = new Set((await hub.summaries()).map((s) => s.serverId));
    expect([...servers]).toEqual(['everything']);
    // The run goes on with the tools that exist.
    const model = mockModel([
      { toolCalls: [{ name: ECHO, arguments: { message: 'ok' } }] },
      { text: 'done' },
    ]);
    const run = await collect(createAgent({ model, tools: await hub.tools() }).run({ message: 'echo' }));
    expect(run.find((e) => e.type === 'tool.complete')).toMatchObject({ content: 'Echo: ok' });
  });
});
