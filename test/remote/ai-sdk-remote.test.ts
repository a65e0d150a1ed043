import { type AgentEvent, defineTool, memoryStore } from '@agent-chat/core';
import {
  memoryThreadStore,
  RemoteAgentContentTypeError,
  RemoteAgentHttpError,
  remoteAgent,
  threadFor,
} from '@agent-chat/core/remote';
import { collect } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import { pageColor } from './page-color.js';
import { useAiSdkRoute } from './use-ai-sdk-route.js';

const servers = useAiSdkRoute();

describe('remoteAgent over a real AI SDK route (streamText + toUIMessageStreamResponse)', () => {
  it('shows a server tool as a stage, reasoning, and the answer; a reload resends the conversation', async () => {
    servers.model.enqueue(
      {
        reasoning: 'The user wants order 7.',
        toolCalls: [{ id: 'c1', name: 'lookup', arguments: { id: '7' } }],
      },
      { text: 'Order 7 has shipped.' },
    );
    const store = memoryStore();
    const threads = memoryThreadStore();
    const agent = remoteAgent({ url: servers.route.url, protocol: 'ai-sdk', store, threads });
    const events = await collect(agent.run({ message: 'Where is order 7?', conversationId: 'c-1' }));
    const types = events.map((e) => e.type);
    expect(types).toContain('reasoning.chunk');
    const done = events.find((e) => e.type === 'tool.complete');
    expect(done).toMatchObject({ name: 'lookup', result: { id: '7', status: 'shipped' } });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Order 7 has shipped.' });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect((await store.load('c-1')).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);

    // A new agent (a reloaded page) on the same stores sends the whole conversation with the chat id.
    servers.model.enqueue({ text: 'You asked about order 7.' });
    const again = remoteAgent({ url: servers.route.url, protocol: 'ai-sdk', store, threads });
    await collect(again.run({ message: 'What did I ask?', conversationId: 'c-1' }));
    const body = servers.route.bodies.at(-1)!;
    expect(body.id).toBe('c-1');
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('runs a tool without server execute in the page and continues to the final answer', async () => {
    servers.model.enqueue(
      { toolCalls: [{ id: 'p1', name: 'page_color', arguments: {} }] },
      { text: 'The page is teal.' },
    );
    const agent = remoteAgent({
      url: servers.route.url,
      protocol: 'ai-sdk',
      tools: [pageColor],
      threads: memoryThreadStore(),
    });
    const events = await collect(agent.run({ message: 'What color is the page?' }));
    expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({
      name: 'page_color',
      result: { color: 'teal' },
    });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'The page is teal.' });
    // The second request carried the page's result as the tool part's output.
    const parts = servers.route.bodies.at(-1)!.messages.at(-1)!.parts as Array<Record<string, unknown>>;
    expect(parts.find((p) => p.type === 'tool-page_color')).toMatchObject({
      state: 'output-available',
      output: { color: 'teal' },
    });
  });

  it('a page tool that needs approval asks first (our rule), then runs and the run continues', async () => {
    let ran = 0;
    const careful = defineTool({
      name: 'page_color',
      description: "Reads the page's theme color.",
      parameters: { type: 'object', properties: {} },
      needsApproval: true,
      execute: () => {
        ran++;
        return { color: 'navy' };
      },
    });
    servers.model.enqueue(
      { toolCalls: [{ id: 'p2', name: 'page_color', arguments: {} }] },
      { text: 'Navy.' },
    );
    const agent = remoteAgent({
      url: servers.route.url,
      protocol: 'ai-sdk',
      tools: [careful],
      threads: memoryThreadStore(),
    });
    const first = await collect(agent.run({ message: 'Color?' }));
    const request = first.find((e) => e.type === 'approval.request') as { requestId: string } | undefined;
    expect(request).toBeDefined();
    expect(ran).toBe(0);
    const rest = await collect(agent.respond(request!.requestId, { approved: true }));
    expect(ran).toBe(1);
    expect(rest.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Navy.' });
  });

  it('turns tool-approval-request into our approval and sends the answer back as useChat does', async () => {
    servers.model.enqueue(
      { toolCalls: [{ id: 'd1', name: 'delete_item', arguments: { id: 'x9' } }] },
      { text: 'Deleted x9.' },
    );
    const agent = remoteAgent({ url: servers.route.url, protocol: 'ai-sdk', threads: memoryThreadStore() });
    const first = await collect(agent.run({ message: 'Delete x9' }));
    const request = first.find((e) => e.type === 'approval.request');
    expect(request).toMatchObject({ name: 'delete_item', args: { id: 'x9' } });
    expect(first.at(-1)).toMatchObject({ type: 'run.finish', status: 'waiting' });
    expect(servers.route.deleted).toEqual([]);
    expect(await agent.pending()).toHaveLength(1);
    const rest = await collect(agent.respond((request as { requestId: string }).requestId, true));
    expect(servers.route.deleted).toEqual(['x9']);
    expect(rest.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Deleted x9.' });
  });

  it('a data-* part is kept on the message and exposed as a remote.data event', async () => {
    servers.model.enqueue({ text: 'Mild in Paris.' });
    const threads = memoryThreadStore();
    const agent = remoteAgent({ url: `${servers.route.origin}/data`, protocol: 'ai-sdk', threads });
    const events = await collect(agent.run({ message: 'Weather?', conversationId: 'd-1' }));
    expect(events.find((e) => e.type === 'remote.data')).toMatchObject({
      name: 'weather',
      id: 'w1',
      data: { city: 'Paris', celsius: 18 },
    });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Mild in Paris.' });
    const { thread } = await threadFor(threads, agent.url, 'd-1');
    const assistant = thread!.turns[0]!.messages[1] as { parts: Array<{ type: string }> };
    expect(assistant.parts.map((p) => p.type)).toContain('data-weather');
  });

  it('a cut stream is an interruption, never a finished answer', async () => {
    servers.model.enqueue({ text: 'A long answer that will be cut somewhere.', chunkSize: 4, delayMs: 5 });
    const store = memoryStore();
    const agent = remoteAgent({
      url: `${servers.route.origin}/cut`,
      protocol: 'ai-sdk',
      store,
      threads: memoryThreadStore(),
    });
    const events = await collect(agent.run({ message: 'Tell me', conversationId: 'cut' }));
    expect(events.some((e) => e.type === 'response.done')).toBe(false);
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      code: 'stream_interrupted',
      retryable: true,
    });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'failed' });
    // As the built-in loop: the question is kept, the partial answer is not.
    expect(await store.load('cut')).toEqual([{ role: 'user', content: 'Tell me' }]);
  });

  it('stopping the run aborts the request: the run ends aborted, without an answer', async () => {
    servers.model.enqueue({
      text: 'A slow answer that the user stops halfway through.',
      chunkSize: 3,
      delayMs: 30,
    });
    const store = memoryStore();
    const agent = remoteAgent({
      url: servers.route.url,
      protocol: 'ai-sdk',
      store,
      threads: memoryThreadStore(),
    });
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    for await (const event of agent.run({
      message: 'Go',
      conversationId: 'stop',
      signal: controller.signal,
    })) {
      events.push(event);
      if (event.type === 'response.chunk') controller.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'aborted' });
    expect(events.some((e) => e.type === 'response.done' || e.type === 'error')).toBe(false);
    expect(await store.load('stop')).toEqual([{ role: 'user', content: 'Go' }]);
  });

  it("the backend's error chunk becomes a typed error event", async () => {
    servers.model.enqueue({ error: { status: 400, body: { error: { message: 'bad request upstream' } } } });
    const agent = remoteAgent({ url: servers.route.url, protocol: 'ai-sdk', threads: memoryThreadStore() });
    const events = await collect(agent.run({ message: 'Hi' }));
    expect(events.find((e) => e.type === 'error')).toMatchObject({ code: 'remote_agent_failed' });
    expect(events.some((e) => e.type === 'response.done')).toBe(false);
  });

  it.each([
    ['/html', 'received text/html'],
    ['/json', 'received application/json'],
    ['/ag-ui-stream', 'not UI message chunks'],
  ])('%s: a typed error naming the expected content type and protocol', async (path, detail) => {
    const agent = remoteAgent({
      url: `${servers.route.origin}${path}`,
      protocol: 'ai-sdk',
      threads: memoryThreadStore(),
    });
    const events = await collect(agent.run({ message: 'Hi' }));
    const error = events.find((e) => e.type === 'error') as { code: string; message: string };
    expect(error.code).toBe('remote_wrong_content_type');
    expect(error.message).toContain('text/event-stream');
    expect(error.message).toContain('"ai-sdk"');
    expect(error.message).toContain(detail);
    expect(new RemoteAgentContentTypeError('u', 'ai-sdk', 'x').code).toBe('remote_wrong_content_type');
  });

  it('an HTTP error and an unreachable backend are typed errors; an unknown protocol lists the two', async () => {
    const down = remoteAgent({
      url: `${servers.route.origin}/down`,
      protocol: 'ai-sdk',
      threads: memoryThreadStore(),
    });
    const events = await collect(down.run({ message: 'Hi' }));
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      code: 'remote_agent_failed',
      retryable: true,
    });
    expect(new RemoteAgentHttpError('u', 503, 'x').status).toBe(503);
    const gone = remoteAgent({
      url: 'http://127.0.0.1:1/api/chat',
      protocol: 'ai-sdk',
      threads: memoryThreadStore(),
    });
    const unreachable = (await collect(gone.run({ message: 'Hi' }))).find((e) => e.type === 'error');
    expect(unreachable).toMatchObject({ code: 'remote_unreachable' });
    expect((unreachable as { message: string }).message).toContain('Access-Control-Allow-Origin');
    expect(() => remoteAgent({ url: servers.route.url, protocol: 'graphql' as never })).toThrow(
      /"ai-sdk", "ag-ui"/,
    );
  });
});
