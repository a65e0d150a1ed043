import { describe, expect, it } from 'vitest';
import { openAICompatible } from '../model/openai/openai-compatible.js';
import { createAgent } from './create-agent.js';

const encoder = new TextEncoder();
const ANSWER = encoder.encode(
  'data: {"choices":[{"delta":{"content":"Hello."},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
);

/**
 * A model whose answer body has one more piece after `[DONE]` (a proxy's trailing comment, say) that comes
 * only when the test lets it: whether the body was read to its end or cancelled tells whether the HTTP
 * client could keep the connection for the next call.
 */
function heldTailModel() {
  let releaseTail!: () => void;
  const tailAllowed = new Promise<void>((resolve) => {
    releaseTail = resolve;
  });
  const body = { cancelled: false, readToEnd: false };
  let ended!: () => void;
  const bodyEnded = new Promise<void>((resolve) => {
    ended = resolve;
  });
  let pulls = 0;
  const fetch: typeof globalThis.fetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          pulls++;
          if (pulls === 1) return controller.enqueue(ANSWER);
          await tailAllowed;
          if (body.cancelled) return;
          controller.enqueue(encoder.encode(': end of answer\n\n'));
          controller.close();
          body.readToEnd = true;
          ended();
        },
        cancel() {
          body.cancelled = true;
          ended();
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  const model = openAICompatible({ baseURL: 'http://drain.test/v1', model: 'm', fetch });
  return { model, body, releaseTail, bodyEnded };
}

describe('the end of a run', () => {
  it('leaves its last answer body to be read to the end, so the connection can serve the next run', async () => {
    const { model, body, releaseTail, bodyEnded } = heldTailModel();
    const agent = createAgent({ model, retry: false });
    const types: string[] = [];
    for await (const event of agent.run({ message: 'hi' })) types.push(event.type);
    expect(types.at(-1)).toBe('run.finish');
    releaseTail();
    await bodyEnded;
    expect(body).toEqual({ cancelled: false, readToEnd: true });
  });

  it('cancels the body when the consumer stops iterating early', async () => {
    const { model, body, releaseTail, bodyEnded } = heldTailModel();
    const agent = createAgent({ model, retry: false });
    for await (const event of agent.run({ message: 'hi' })) if (event.type === 'response.chunk') break;
    await bodyEnded;
    releaseTail();
    expect(body.cancelled).toBe(true);
  });
});
