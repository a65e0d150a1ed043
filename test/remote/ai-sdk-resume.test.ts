import { type AgentEvent, defineTool, memoryStore } from '@agent-chat/core';
import { memoryThreadStore, remoteAgent, threadFor } from '@agent-chat/core/remote';
import { collect } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import { useAiSdkRoute } from './use-ai-sdk-route.js';

// Issue 42 item 6: a remote agent picks up an AI SDK backend's answer in flight (`useChat({ resume: true })`'s
// `GET <route>/<chat id>/stream`) instead of asking the model again.
const servers = useAiSdkRoute();

const ANSWER = Array.from({ length: 16 }, (_, i) => `Sentence ${i + 1} about a resumed answer.`).join(' ');
// 8-character chunks 30 ms apart: about two seconds of answer, the resume comes long before its end.
const SLOW = { text: ANSWER, chunkSize: 8, delayMs: 30 } as const;

/** Runs `message` against the resumable route and stops the request at its first text (the page went). */
async function cutRun(url: string, conversationId: string, message: string): Promise<AgentEvent[]> {
  const cut = new AbortController();
  const gone = remoteAgent({ url, protocol: 'ai-sdk', threads: memoryThreadStore() });
  return collect(gone.run({ message, conversationId, signal: cut.signal }), (event) => {
    if (event.type === 'response.chunk') cut.abort();
  });
}

describe('remoteAgent.resume over an AI SDK route that keeps its streams', () => {
  it('after a cut request: the whole answer, one model request, the turn stored', async () => {
    const url = `${servers.route.origin}/resumable`;
    servers.model.enqueue(SLOW);
    const before = servers.model.requests.length;
    const cut = await cutRun(url, 'res-1', 'Tell me a long thing');
    expect(cut.at(-1)).toMatchObject({ type: 'run.finish', status: 'aborted' });

    // The reloaded page: its stores do not have the turn yet.
    const store = memoryStore();
    const threads = memoryThreadStore();
    const agent = remoteAgent({ url, protocol: 'ai-sdk', store, threads });
    const events = await collect(agent.resume({ conversationId: 'res-1', message: 'Tell me a long thing' }));
    expect(events[0]).toMatchObject({
      type: 'run.start',
      conversationId: 'res-1',
      message: 'Tell me a long thing',
    });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: ANSWER });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed', turns: 1 });
    expect(servers.model.requests.length - before).toBe(1);
    expect(servers.route.streams.resumes.at(-1)).toEqual({ chatId: 'res-1', status: 200 });
    expect(await store.load('res-1')).toEqual([
      { role: 'user', content: 'Tell me a long thing' },
      { role: 'assistant', content: ANSWER },
    ]);
    const { thread } = await threadFor(threads, url, 'res-1');
    expect(thread?.turns.map((t) => (t.messages as Array<{ role: string }>).map((m) => m.role))).toEqual([
      ['user', 'assistant'],
    ]);

    // The answer has ended: nothing in flight any more.
    const late = await collect(agent.resume({ conversationId: 'res-1', message: 'Tell me a long thing' }));
    expect(late.map((e) => e.type)).toEqual(['run.start', 'run.finish']);
    expect(late.at(-1)).toMatchObject({ status: 'not-resumable' });
    expect(servers.route.streams.resumes.at(-1)).toEqual({ chatId: 'res-1', status: 204 });
    expect(await store.load('res-1')).toHaveLength(2);
  });

  it('a page tool the resumed answer calls runs once, and the run goes on to the final answer', async () => {
    const url = `${servers.route.origin}/resumable`;
    let ran = 0;
    const pageColor = defineTool({
      name: 'page_color',
      description: "Reads the page's theme color.",
      parameters: { type: 'object', properties: {} },
      execute: () => {
        ran++;
        return { color: 'teal' };
      },
    });
    servers.model.enqueue(
      { ...SLOW, toolCalls: [{ id: 'p1', name: 'page_color', arguments: {} }] },
      { text: 'The page is teal.' },
    );
    const before = servers.model.requests.length;
    await cutRun(url, 'res-2', 'What color is the page?');
    const agent = remoteAgent({ url, protocol: 'ai-sdk', tools: [pageColor], threads: memoryThreadStore() });
    const events = await collect(
      agent.resume({ conversationId: 'res-2', message: 'What color is the page?' }),
    );
    expect(ran).toBe(1);
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({
      text: `${ANSWER}The page is teal.`,
    });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed', turns: 2 });
    // The first model call was streamed to the resume, not made again; the second carried the tool's result.
    expect(servers.model.requests.length - before).toBe(2);
  });

  it('nothing in flight (204), a backend without the route, or AG-UI: not-resumable, nothing stored', async () => {
    const store = memoryStore();
    const fresh = remoteAgent({
      url: `${servers.route.origin}/resumable`,
      protocol: 'ai-sdk',
      store,
      threads: memoryThreadStore(),
    });
    const none = await collect(fresh.resume({ conversationId: 'res-none', message: 'Hi' }));
    expect(none.at(-1)).toMatchObject({ type: 'run.finish', status: 'not-resumable', turns: 0 });
    expect(none.at(-1)).toHaveProperty('message');
    expect(await store.load('res-none')).toEqual([]);

    // The plain route has no `GET …/<id>/stream` (404): the backend does not offer resuming.
    const plain = remoteAgent({ url: servers.route.url, protocol: 'ai-sdk', threads: memoryThreadStore() });
    const noRoute = await collect(plain.resume({ conversationId: 'res-none', message: 'Hi' }));
    expect(noRoute.at(-1)).toMatchObject({ type: 'run.finish', status: 'not-resumable' });

    const requests: string[] = [];
    const agUi = remoteAgent({
      url: `${servers.route.origin}/ag-ui`,
      protocol: 'ag-ui',
      threads: memoryThreadStore(),
      fetch: async (input) => {
        requests.push(String(input));
        return new Response(null, { status: 500 });
      },
    });
    const agUiEvents = await collect(agUi.resume({ conversationId: 'res-none', message: 'Hi' }));
    expect(agUiEvents.at(-1)).toMatchObject({ type: 'run.finish', status: 'not-resumable' });
    expect(requests).toEqual([]);
  });
});
