import { createAgent, type ModelEvent, StreamInterruptedError } from '@agent-chat/core';
import { toUIMessageStream } from '@agent-chat/core/ai-sdk';
import { memoryThreadStore, remoteAgent } from '@agent-chat/core/remote';
import { mockModel } from '@agent-chat/core/test';
import { createUIMessageStreamResponse, readUIMessageStream, type UIMessage, validateUIMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import { collect } from './remote-kit.js';

async function* cut(text: string): AsyncGenerator<ModelEvent> {
  yield { type: 'text-delta', text };
  throw new StreamInterruptedError();
}

/** An agent whose first model call is cut after `Let me`; the loop makes it again. */
function flakyAgent() {
  let calls = 0;
  const model = mockModel([{ text: 'Paris is the capital.' }]);
  const flaky = {
    ...model,
    stream: (...args: Parameters<typeof model.stream>) =>
      ++calls === 1 ? cut('Let me') : model.stream(...args),
  };
  return createAgent({ model: flaky, retry: false });
}

describe('an agent-chat backend (toUIMessageStream) whose model call is made again', () => {
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
});
