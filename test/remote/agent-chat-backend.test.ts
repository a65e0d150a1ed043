import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { createAgent } from '@agent-chat/core';
import { agUIAgent } from '@agent-chat/core/ag-ui';
import { toUIMessageStream } from '@agent-chat/core/ai-sdk';
import { memoryThreadStore, remoteAgent } from '@agent-chat/core/remote';
import { collect, mockModel } from '@agent-chat/core/test';
import { createUIMessageStreamResponse, readUIMessageStream, type UIMessage, validateUIMessages } from 'ai';
import { describe, expect, it } from 'vitest';

/** An agent whose first model call is cut after `Let me`; the loop makes it again. */
function flakyAgent() {
  const model = mockModel([{ text: 'Let me', cutAfterEvents: 1 }, { text: 'Paris is the capital.' }]);
  return createAgent({ model, retry: false });
}

describe('an agent-chat backend whose model call is made again', () => {
  it('marks the dropped attempt with data-response-reset, and stays a valid UI message', async () => {
    const stream = toUIMessageStream(flakyAgent().run({ message: 'Capital of France?' }));
    let message: UIMessage | undefined;
    for await (const m of readUIMessageStream({ stream })) message = m;
    const parts = message?.parts ?? [];
    const reset = parts.findIndex((p) => p.type === 'data-response-reset');
    expect(parts[reset]).toMatchObject({ data: { turn: 1, code: 'stream_interrupted' } });
    expect(parts.slice(0, reset).filter((p) => p.type === 'text')).toMatchObject([{ text: 'Let me' }]);
    expect(parts.slice(reset).filter((p) => p.type === 'text')).toMatchObject([
      { text: 'Paris is the capital.' },
    ]);
    await validateUIMessages({ messages: [message] });
  });

  it('behind remoteAgent, the reset comes back as response.reset and the answer is the retry alone', async () => {
    // The backend's route, as the AI SDK serves it: the same SSE a fetch of a real route returns.
    const backend: typeof fetch = async () =>
      createUIMessageStreamResponse({
        stream: toUIMessageStream(flakyAgent().run({ message: 'Capital of France?' })),
      });
    const agent = remoteAgent({
      url: 'https://agent.example/api/chat',
      protocol: 'ai-sdk',
      fetch: backend,
      threads: memoryThreadStore(),
    });
    const events = await collect(agent.run({ message: 'Capital of France?' }));
    const types = events.map((e) => e.type);
    expect(types.indexOf('response.reset')).toBeGreaterThan(types.indexOf('response.chunk'));
    expect(events.find((e) => e.type === 'response.reset')).toMatchObject({ code: 'stream_interrupted' });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Paris is the capital.' });
  });

  it('over AG-UI (agUIAgent), the dropped message leaves the thread and the answer is the retry alone', async () => {
    const inputs: RunAgentInput[] = [];
    // The backend's endpoint: agUIAgent's events, encoded as an AG-UI server sends them.
    const backend: typeof fetch = async (_url, init) => {
      const input = JSON.parse(String(init?.body)) as RunAgentInput;
      inputs.push(input);
      const encoder = new EventEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          agUIAgent(flakyAgent())
            .run(input)
            .subscribe({
              next: (event: BaseEvent) => controller.enqueue(new TextEncoder().encode(encoder.encode(event))),
              error: (error: unknown) => controller.error(error),
              complete: () => controller.close(),
            });
        },
      });
      return new Response(body, { headers: { 'content-type': encoder.getContentType() } });
    };
    const threads = memoryThreadStore();
    const agent = remoteAgent({
      url: 'https://agent.example/ag-ui',
      protocol: 'ag-ui',
      fetch: backend,
      threads,
    });
    const events = await collect(agent.run({ message: 'Capital of France?', conversationId: 'c1' }));
    const types = events.map((e) => e.type);
    expect(types.indexOf('response.reset')).toBeGreaterThan(types.indexOf('response.chunk'));
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Paris is the capital.' });

    // The next run resends the thread: the dropped attempt is not in it.
    await collect(agent.run({ message: 'Thanks', conversationId: 'c1' }));
    const resent = inputs.at(-1)!.messages.map((m) => m.content);
    expect(resent).toContain('Paris is the capital.');
    expect(resent).not.toContain('Let me');
  });
});
