import { describe, expect, it } from 'vitest';
import { AbortedError, ConfigurationError } from '../errors.js';
import type { ChatModel } from './chat-model.js';
import { ModelTimeoutError } from './model-errors.js';
import { openAICompatible } from './openai-compatible.js';

/** A fetch whose response never comes until the request is aborted (as a real one behaves). */
const neverAnswers: typeof fetch = (_input, init) =>
  new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));

/** Headers at once, then one event, then silence until cancelled. */
const stallsAfterOneEvent: typeof fetch = async () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n'));
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

async function run(model: ChatModel, signal?: AbortSignal): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }] }, { signal }))
      if (event.type === 'text-delta') text += event.text;
  } catch (error) {
    return { text, error };
  }
  return { text, error: undefined };
}

const model = (fetchImpl: typeof fetch, timeouts = { firstByteMs: 80, idleMs: 60 }) =>
  openAICompatible({ baseURL: 'http://model.test/v1', model: 'm', fetch: fetchImpl, timeouts });

describe('model call timeouts', () => {
  it('gives up waiting for the headers after the first-byte limit', async () => {
    const started = performance.now();
    const { error } = await run(model(neverAnswers));
    expect(error).toBeInstanceOf(ModelTimeoutError);
    expect(error).toMatchObject({
      phase: 'first-byte',
      timeoutMs: 80,
      isRetryable: true,
      code: 'model_timeout',
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('gives up on a body that goes silent after the idle limit, keeping what arrived', async () => {
    const { text, error } = await run(model(stallsAfterOneEvent));
    expect(text).toBe('Hel');
    expect(error).toMatchObject({ phase: 'idle', timeoutMs: 60 });
    expect((error as Error).message).toMatch(/stopped sending for 0.1 s/);
  });

  it('lets an abort win over a pending timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const { error } = await run(
      model(neverAnswers, { firstByteMs: 5_000, idleMs: 5_000 }),
      controller.signal,
    );
    expect(error).toBeInstanceOf(AbortedError);
    const body = new AbortController();
    setTimeout(() => body.abort(), 20);
    const started = performance.now();
    const cut = await run(model(stallsAfterOneEvent, { firstByteMs: 5_000, idleMs: 5_000 }), body.signal);
    expect(cut.error).toBeInstanceOf(AbortedError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a limit that is not a positive number', async () => {
    const { error } = await run(model(neverAnswers, { firstByteMs: 0, idleMs: 10 }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/timeouts.firstByteMs must be a positive number/);
  });
});
