import { createAgent, McpHub, type McpHubEvent, type McpServerConfig } from '@agent-chat/core';
import { collect, mockModel } from '@agent-chat/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type McpServerProcess, startServerEverything } from './server-everything.ts';

const LONG = 'mcp__everything__trigger-long-running-operation';
const ORIGIN = 'http://app.example.test';

let server: McpServerProcess;
let proxy: ProxyDev;
beforeAll(async () => {
  server = await startServerEverything();
  // The proxy's MCP route (/mcp/everything) in front of the same server, under wrangler dev (workerd).
  proxy = await startProxyDev({
    upstreamBaseUrl: 'http://127.0.0.1:9/v1',
    allowedOrigins: [ORIGIN],
    // Many MCP requests a minute from one client: the rate limit is raised, not switched off.
    vars: { MCP_SERVERS: JSON.stringify({ everything: { url: server.url } }), RATE_LIMIT_PER_MINUTE: '1000' },
  });
}, 90_000);
afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});

/** How the hub reaches server-everything: the same server, with and without the proxy in between. */
const routes: [string, () => McpServerConfig][] = [
  ['directly', () => ({ id: 'everything', url: server.url })],
  [
    'through the proxy (wrangler dev)',
    () => ({ id: 'everything', url: `${proxy.url}/mcp/everything`, headers: { Origin: ORIGIN } }),
  ],
];

describe.each(routes)('McpHub against server-everything (streamable HTTP), %s', (_route, target) => {
  it('lists one-sentence summaries at start and materialises only the selected tools', async () => {
    const hubEvents: McpHubEvent[] = [];
    const hub = new McpHub({
      servers: [target()],
      onEvent: (e) => hubEvents.push(e),
    });
    try {
      await hub.start();
      const summaries = await hub.summaries();
      const names = summaries.map((s) => s.name);
      expect(names).toContain('mcp__everything__echo');
      expect(names).toContain(LONG);
      expect(summaries.every((s) => !('inputSchema' in s))).toBe(true);
      expect(hubEvents).toContainEqual({
        type: 'mcp.server.up',
        serverId: 'everything',
        toolCount: names.length,
      });
      expect(hub.stats().materialised).toEqual([]);
      const listsAtStart = hub.stats().listRequests.everything!;

      const tools = await hub.tools(['mcp__everything__echo', 'mcp__everything__get-sum']);
      expect(tools.map((t) => t.name)).toEqual(['mcp__everything__echo', 'mcp__everything__get-sum']);
      expect(tools[1]!.jsonSchema).toMatchObject({ type: 'object', properties: { a: {}, b: {} } });
      expect(hub.stats().materialised.sort()).toEqual(['mcp__everything__echo', 'mcp__everything__get-sum']);
      // MCP has no per-tool schema request: materialising costs exactly one more tools/list.
      expect(hub.stats().listRequests.everything).toBe(listsAtStart + 1);

      // The model is offered exactly the selected tools, with their full schemas.
      const model = mockModel([
        { toolCalls: [{ name: 'mcp__everything__get-sum', arguments: { a: 2, b: 40 } }] },
        { text: 'done' },
      ]);
      const events = await collect(createAgent({ model, tools }).run({ message: 'add' }));
      expect(model.requests[0]!.tools!.map((t) => t.name)).toEqual([
        'mcp__everything__echo',
        'mcp__everything__get-sum',
      ]);
      const complete = events.find((e) => e.type === 'tool.complete');
      expect(complete).toMatchObject({ content: expect.stringContaining('42') });
    } finally {
      await hub.dispose();
    }
  });

  it('streams progress of a long-running tool in order, then its result', async () => {
    const hub = new McpHub({ servers: [target()] });
    try {
      await hub.start();
      const model = mockModel([
        { toolCalls: [{ id: 'call_long', name: LONG, arguments: { duration: 0.5, steps: 5 } }] },
        { text: 'finished' },
      ]);
      const events = await collect(
        createAgent({ model, tools: await hub.tools([LONG]) }).run({ message: 'go' }),
      );
      const progress = events.filter((e) => e.type === 'tool.progress');
      expect(progress.length).toBeGreaterThanOrEqual(4);
      expect(progress.map((e) => e.progress)).toEqual([1, 2, 3, 4, 5]);
      expect(progress.every((e) => e.toolCallId === 'call_long' && e.total === 5)).toBe(true);
      const types = events.map((e) => e.type);
      expect(types.lastIndexOf('tool.progress')).toBeLessThan(types.indexOf('tool.complete'));
      expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({
        content: expect.stringContaining('Long running operation completed'),
      });
    } finally {
      await hub.dispose();
    }
  });

  it('turns an elicitation into clarify.request and answers it through respond, with defaults applied', async () => {
    const hub = new McpHub({ servers: [target()] });
    try {
      await hub.start();
      const name = 'mcp__everything__trigger-elicitation-request';
      const model = mockModel([{ toolCalls: [{ name, arguments: {} }] }, { text: 'thanks' }]);
      const agent = createAgent({ model, tools: await hub.tools([name]) });
      const refusals: string[] = [];
      const events = await collect(agent.run({ message: 'ask me' }), (event) => {
        if (event.type !== 'clarify.request') return;
        // An answer that breaks the form is refused with a typed error and the question stays open.
        try {
          hub.respond(event.requestId, { name: 'Ada', integer: 500 });
        } catch (error) {
          refusals.push(`${(error as Error).name}: ${(error as Error).message}`);
        }
        expect(hub.pendingRequests).toEqual([event.requestId]);
        expect(hub.respond(event.requestId, { name: 'Ada Lovelace', check: true })).toBe(true);
      });
      const question = events.find((e) => e.type === 'clarify.request');
      expect(question).toMatchObject({
        source: 'mcp-elicitation',
        serverId: 'everything',
        question: 'Please provide inputs for the following fields:',
        schema: { type: 'object', required: ['name'] },
      });
      expect(refusals).toEqual([expect.stringMatching(/^McpInvalidAnswerError: .*\/integer/)]);
      const result = events.find((e) => e.type === 'tool.complete');
      expect(result).toMatchObject({ content: expect.stringContaining('Name: Ada Lovelace') });
      // Fields the user left empty got the form's defaults (integer 42, number 3.14).
      expect(result).toMatchObject({ content: expect.stringContaining('Favorite Integer: 42') });
      expect(result).toMatchObject({ content: expect.stringContaining('Favorite Number: 3.14') });
    } finally {
      await hub.dispose();
    }
  });

  it('serves sampling with the agent model, asking the user first when configured', async () => {
    const samplingModel = mockModel([{ text: 'Paris is the capital.' }]);
    const hub = new McpHub({
      servers: [target()],
      sampling: { model: samplingModel, askUser: true },
    });
    try {
      await hub.start();
      const name = 'mcp__everything__trigger-sampling-request';
      const model = mockModel([
        { toolCalls: [{ name, arguments: { prompt: 'Capital of France?', maxTokens: 50 } }] },
        { text: 'ok' },
      ]);
      const events = await collect(
        createAgent({ model, tools: await hub.tools([name]) }).run({ message: 'sample' }),
        (event) => {
          if (event.type === 'clarify.request') hub.respond(event.requestId, { allow: true });
        },
      );
      expect(events.find((e) => e.type === 'clarify.request')).toMatchObject({
        question: expect.stringContaining('Capital of France?'),
        schema: { properties: { allow: { type: 'boolean' } } },
      });
      expect(samplingModel.requests).toHaveLength(1);
      expect(samplingModel.requests[0]!.messages).toEqual([
        { role: 'system', content: 'You are a helpful test server.' },
        { role: 'user', content: 'Resource trigger-sampling-request context: Capital of France?' },
      ]);
      expect(samplingModel.requests[0]!.maxTokens).toBe(50);
      expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({
        content: expect.stringContaining('Paris is the capital.'),
      });
    } finally {
      await hub.dispose();
    }
  });

  it('emits image and resource content as tool.content and tells the model what was shown', async () => {
    const hub = new McpHub({ servers: [target()] });
    try {
      await hub.start();
      const image = 'mcp__everything__get-tiny-image';
      const resource = 'mcp__everything__get-resource-reference';
      const model = mockModel([
        {
          toolCalls: [
            { id: 'img', name: image, arguments: {} },
            { id: 'res', name: resource, arguments: { resourceType: 'Text', resourceId: 3 } },
          ],
        },
        { text: 'ok' },
      ]);
      const events = await collect(
        createAgent({ model, tools: await hub.tools([image, resource]) }).run({ message: 'show' }),
      );
      const contents = events.filter((e) => e.type === 'tool.content');
      const imageItem = contents.find((e) => e.toolCallId === 'img' && e.content.kind === 'image');
      expect(imageItem?.content).toMatchObject({
        kind: 'image',
        mimeType: 'image/png',
        data: expect.stringMatching(/^iVBOR/),
      });
      const resourceItem = contents.find((e) => e.toolCallId === 'res' && e.content.kind === 'resource');
      expect(resourceItem?.content).toMatchObject({
        kind: 'resource',
        uri: expect.stringContaining('3'),
        text: expect.any(String),
      });
      const imageResult = events.find((e) => e.type === 'tool.complete' && e.toolCallId === 'img');
      expect(imageResult).toMatchObject({
        content: expect.stringMatching(/\[image image\/png, \d+ bytes, shown to the user\]/),
      });
    } finally {
      await hub.dispose();
    }
  });
});

describe('McpHub against server-everything (streamable HTTP)', () => {
  it('turns bad input into tool messages the model can act on, and keeps server content as data', async () => {
    const hub = new McpHub({ servers: [{ id: 'everything', url: server.url }], maxResultChars: 200 });
    try {
      await hub.start();
      const echo = 'mcp__everything__echo';
      const sum = 'mcp__everything__get-sum';
      const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
      const model = mockModel([
        {
          toolCalls: [
            { id: 'unknown', name: 'mcp__everything__does-not-exist', arguments: {} },
            { id: 'badargs', name: sum, arguments: { a: 'two', b: 3 } },
            { id: 'huge', name: echo, arguments: { message: 'x'.repeat(5_000) } },
            { id: 'hostile', name: echo, arguments: { message: hostile } },
          ],
        },
        { text: 'done' },
      ]);
      const events = await collect(
        createAgent({ model, tools: await hub.tools([echo, sum]) }).run({ message: 'try' }),
      );
      const byId = (id: string) =>
        events.find((e) => (e.type === 'tool.complete' || e.type === 'tool.error') && e.toolCallId === id);
      expect(byId('unknown')).toMatchObject({
        type: 'tool.error',
        error: expect.stringContaining('unknown tool'),
      });
      expect(byId('badargs')).toMatchObject({
        type: 'tool.error',
        error: expect.stringMatching(/invalid arguments for mcp__everything__get-sum: a: .*number/),
      });
      const huge = byId('huge');
      expect(huge).toMatchObject({
        type: 'tool.complete',
        content: expect.stringContaining('[Result truncated: 200 of 5006 characters shown'),
      });
      expect(huge?.type === 'tool.complete' && huge.content.length).toBeLessThan(400);
      expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
      // The model saw every outcome as a tool message.
      expect(model.requests[1]!.messages.filter((m) => m.role === 'tool')).toHaveLength(4);
      // Markup from a server stays text: never an `html` item for a UI to inject.
      const items = events.filter((e) => e.type === 'tool.content').map((e) => e.content);
      expect(items).toContainEqual({ kind: 'text', text: `Echo: ${hostile}` });
      expect(items.some((item) => item.kind === 'html')).toBe(false);
      // Calling a name the hub does not know fails with a typed error listing what exists.
      await expect(hub.callTool('mcp__everything__nope', {})).rejects.toMatchObject({
        code: 'mcp_request_failed',
        message: expect.stringContaining('mcp__everything__echo'),
      });
    } finally {
      await hub.dispose();
    }
  });

  it('re-lists tools when the TTL expires and honours allow/deny filters', async () => {
    const hub = new McpHub({
      servers: [{ id: 'everything', url: server.url, allow: ['get-*', 'echo'], deny: ['get-env'] }],
      refreshTtlMs: 0,
    });
    try {
      await hub.start();
      const names = (await hub.summaries()).map((s) => s.name);
      expect(names).toContain('mcp__everything__echo');
      expect(names).toContain('mcp__everything__get-sum');
      expect(names).not.toContain('mcp__everything__get-env');
      expect(names).not.toContain(LONG);
      const before = hub.stats().listRequests.everything!;
      await hub.summaries();
      expect(hub.stats().listRequests.everything).toBe(before + 1);
    } finally {
      await hub.dispose();
    }
  });

  it('passes server log messages on as mcp.log events', async () => {
    const events: McpHubEvent[] = [];
    const hub = new McpHub({
      servers: [{ id: 'everything', url: server.url }],
      onEvent: (e) => events.push(e),
    });
    try {
      await hub.start();
      await hub.callTool('mcp__everything__toggle-simulated-logging', {});
      await expect
        // The server sends one message at once and then one every 5 s at a random level, some of which
        // its default level filters out: allow for a few intervals.
        .poll(() => events.find((e) => e.type === 'mcp.log'), { timeout: 20_000 })
        .toMatchObject({
          type: 'mcp.log',
          serverId: 'everything',
          level: expect.any(String),
          data: expect.stringContaining('message'),
        });
    } finally {
      await hub.dispose();
    }
  });

  it('times out a silent call, but not one that reports progress or waits for the user', async () => {
    const hub = new McpHub({ servers: [{ id: 'everything', url: server.url, timeoutMs: 600 }] });
    try {
      await hub.start();
      // Silent for 2 s (one step): cancelled after 0.6 s with a message for the model.
      const started = performance.now();
      await expect(hub.callTool(LONG, { duration: 2, steps: 1 })).rejects.toMatchObject({
        code: 'mcp_request_failed',
        message: expect.stringContaining('no result and no progress for 0.6 s'),
      });
      expect(performance.now() - started).toBeLessThan(1_600);
      // 1.5 s in total, but progress every 0.15 s keeps it alive.
      expect((await hub.callTool(LONG, { duration: 1.5, steps: 10 })).text).toContain('completed');
      // The user takes longer than the timeout to answer the form: the call waits for them.
      const name = 'mcp__everything__trigger-elicitation-request';
      const outcome = await hub.callTool(
        name,
        {},
        {
          emit: (event) => {
            if (event.type === 'clarify.request')
              setTimeout(() => hub.respond(event.requestId, { name: 'Slow' }), 1_200);
          },
        },
      );
      expect(outcome.text).toContain('Name: Slow');
    } finally {
      await hub.dispose();
    }
  });
});
