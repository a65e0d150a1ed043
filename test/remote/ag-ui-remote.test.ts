import { memoryStore } from '@agent-chat/core';
import { memoryThreadStore, remoteAgent } from '@agent-chat/core/remote';
import { collect } from '@agent-chat/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgUiServer, startAgUiServer } from './ag-ui-server.js';
import { type AiSdkServer, startAiSdkServer } from './ai-sdk-server.js';
import { pageColor } from './page-color.js';

let server: AgUiServer;
let aiSdk: AiSdkServer;
beforeAll(async () => {
  server = await startAgUiServer();
  aiSdk = await startAiSdkServer('http://127.0.0.1:1/v1');
});
afterAll(async () => {
  await server?.close();
  await aiSdk?.close();
});

describe('remoteAgent over AG-UI (@ag-ui/client HttpAgent against an @ag-ui/encoder server)', () => {
  it('a backend tool call with its result, state snapshot and delta, the answer; the thread is the conversation', async () => {
    const store = memoryStore();
    const threads = memoryThreadStore();
    const agent = remoteAgent({ url: server.url, protocol: 'ag-ui', store, threads });
    const events = await collect(agent.run({ message: 'Where is my order?', conversationId: 'conv-a' }));
    expect(events.find((e) => e.type === 'tool.start')).toMatchObject({ name: 'lookup', args: { id: '7' } });
    expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({
      name: 'lookup',
      result: { status: 'shipped' },
    });
    const states = events.filter((e) => e.type === 'remote.state');
    expect(states.at(-1)).toMatchObject({
      state: { orders: 2 },
      delta: [{ op: 'replace', path: '/orders', value: 2 }],
    });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Order 7 has shipped.' });
    expect(server.inputs.at(-1)!.threadId).toBe('conv-a');

    // Reloaded: the next run sends the earlier messages and the state back.
    const again = remoteAgent({ url: server.url, protocol: 'ag-ui', store, threads });
    await collect(again.run({ message: 'thanks', conversationId: 'conv-a' }));
    const input = server.inputs.at(-1)!;
    expect(input.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'Where is my order?',
      'thanks',
    ]);
    expect(input.state).toEqual({ orders: 2 });
  });

  it('offers page tools in RunAgentInput.tools, runs the frontend call in the page and starts a new run', async () => {
    const agent = remoteAgent({
      url: server.url,
      protocol: 'ag-ui',
      tools: [pageColor],
      threads: memoryThreadStore(),
    });
    const before = server.inputs.length;
    const events = await collect(agent.run({ message: 'What color is the page?' }));
    expect(server.inputs[before]!.tools.map((t) => t.name)).toEqual(['page_color']);
    expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({
      name: 'page_color',
      result: { color: 'teal' },
    });
    expect(server.inputs.length - before).toBe(2);
    expect(server.inputs.at(-1)!.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'f1' });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({
      text: 'The page says {"color":"teal"}.',
    });
  });

  it('RUN_ERROR is a typed error; a cut stream is an interruption, never an answer', async () => {
    const agent = remoteAgent({ url: server.url, protocol: 'ag-ui', threads: memoryThreadStore() });
    const failed = await collect(agent.run({ message: 'please fail' }));
    expect(failed.find((e) => e.type === 'error')).toMatchObject({ code: 'remote_agent_failed' });
    expect((failed.find((e) => e.type === 'error') as { message: string }).message).toContain(
      'the planner crashed',
    );
    // A stream that ends without RUN_FINISHED.
    const cut = await collect(agent.run({ message: 'end early please' }));
    expect(cut.find((e) => e.type === 'error')).toMatchObject({
      code: 'stream_interrupted',
      retryable: true,
    });
    expect(cut.some((e) => e.type === 'response.done')).toBe(false);
  });

  it('a connection dropped mid-answer is an interruption, and leaves no unhandled rejection behind', async () => {
    // @ag-ui/client rethrows a failed body's cancel: undici's "terminated" would surface as an unhandled
    // rejection beside the error the run reports (cut-aware-fetch.ts ends the body instead).
    const unhandled: unknown[] = [];
    const keep = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', keep);
    try {
      const agent = remoteAgent({ url: server.url, protocol: 'ag-ui', threads: memoryThreadStore() });
      const cut = await collect(agent.run({ message: 'cut please' }));
      expect(cut.find((e) => e.type === 'error')).toMatchObject({
        code: 'stream_interrupted',
        retryable: true,
      });
      expect(cut.some((e) => e.type === 'response.done')).toBe(false);
      // Rejections are reported once the microtask queue drains.
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', keep);
    }
  });

  it('an AI SDK route or an HTML page behind agent-protocol "ag-ui" is a typed content-type error', async () => {
    const html = remoteAgent({
      url: `${aiSdk.origin}/html`,
      protocol: 'ag-ui',
      threads: memoryThreadStore(),
    });
    const error = (await collect(html.run({ message: 'Hi' }))).find((e) => e.type === 'error') as {
      code: string;
      message: string;
    };
    expect(error.code).toBe('remote_wrong_content_type');
    expect(error.message).toContain('"ag-ui"');
    expect(error.message).toContain('text/event-stream');
  });
});
