import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortedError, ConfigurationError } from '../errors.js';
import type { ChatModel } from './chat-model.js';
import { ModelTimeoutError } from './model-errors.js';
import { openAICompatible } from './openai/openai-compatible.js';

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

const encode = (text: string) => new TextEncoder().encode(text);

/** Headers at once, then `count` events `everyMs` apart, then `[DONE]` and the end of the body. */
const trickles =
  (count: number, everyMs: number): typeof fetch =>
  async () => {
    let sent = 0;
    return new Response(
      new ReadableStream({
        async pull(controller) {
          if (sent === count) {
            controller.enqueue(
              encode('data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'),
            );
            controller.close();
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, everyMs));
          controller.enqueue(encode(`data: {"choices":[{"delta":{"content":"${sent++}"}}]}\n\n`));
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  };

/** A body whose `[DONE]` comes in one chunk and its end in a later one, recording what became of it. */
function endsAfterDone(end: 'closes' | 'never') {
  const body = { cancelled: false, closed: false };
  let pulls = 0;
  const fetchImpl: typeof fetch = async () =>
    new Response(
      new ReadableStream({
        async pull(controller) {
          pulls++;
          if (pulls === 1)
            controller.enqueue(
              encode(
                'data: {"choices":[{"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
              ),
            );
          else if (end === 'closes') {
            await new Promise((resolve) => setTimeout(resolve, 5));
            controller.close();
            body.closed = true;
          } else await new Promise(() => {});
        },
        cancel() {
          body.cancelled = true;
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  return { body, fetchImpl };
}

afterEach(() => {
  vi.useRealTimers();
});

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

  it('waits 60 s for the headers and 30 s of silence in the body by default', async () => {
    vi.useFakeTimers();
    const unlimited = (fetchImpl: typeof fetch) =>
      openAICompatible({ baseURL: 'http://model.test/v1', model: 'm', fetch: fetchImpl });
    let headers: { error: unknown } | undefined;
    void run(unlimited(neverAnswers)).then((outcome) => {
      headers = outcome;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(headers).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(headers?.error).toMatchObject({ phase: 'first-byte', timeoutMs: 60_000, isRetryable: true });

    let body: { text: string; error: unknown } | undefined;
    void run(unlimited(stallsAfterOneEvent)).then((outcome) => {
      body = outcome;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(body).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(body).toEqual({
      text: 'Hel',
      error: expect.objectContaining({ phase: 'idle', timeoutMs: 30_000 }),
    });
  });

  it('counts the idle limit from the last chunk, not from the headers', async () => {
    // Six chunks 25 ms apart: 150 ms in all, far past the 60 ms limit, yet never 60 ms of silence.
    const { text, error } = await run(model(trickles(6, 25)));
    expect(error).toBeUndefined();
    expect(text).toBe('012345');
  });

  it('reads the rest of the body after [DONE] instead of cancelling it, so the connection can be reused', async () => {
    const { body, fetchImpl } = endsAfterDone('closes');
    const { text, error } = await run(model(fetchImpl, { firstByteMs: 5_000, idleMs: 5_000 }));
    expect({ text, error }).toEqual({ text: 'Hi', error: undefined });
    await vi.waitFor(() => expect(body.closed).toBe(true));
    expect(body.cancelled).toBe(false);
  });

  it('cancels a body that goes on after [DONE] for longer than a second', async () => {
    vi.useFakeTimers();
    const { body, fetchImpl } = endsAfterDone('never');
    let outcome: { text: string; error: unknown } | undefined;
    void run(model(fetchImpl, { firstByteMs: 5_000, idleMs: 5_000 })).then((o) => {
      outcome = o;
    });
    await vi.advanceTimersByTimeAsync(10);
    // The answer is complete at once: the drain happens behind it.
    expect(outcome).toEqual({ text: 'Hi', error: undefined });
    expect(body.cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(body.cancelled).toBe(true);
  });

  it('watches every call with one timer, however many are in flight, and still times each out', async () => {
    vi.useFakeTimers();
    const outcomes: Array<{ text: string; error: unknown }> = [];
    const waiting = model(neverAnswers, { firstByteMs: 500, idleMs: 500 });
    const silent = model(stallsAfterOneEvent, { firstByteMs: 500, idleMs: 300 });
    for (let i = 0; i < 5; i++) {
      void run(waiting).then((outcome) => outcomes.push(outcome));
      void run(silent).then((outcome) => outcomes.push(outcome));
    }
    await vi.advanceTimersByTimeAsync(1);
    // Five calls wait for their headers and five bodies are silent: one timer, for the earliest limit.
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(outcomes.map((o) => (o.error as ModelTimeoutError).phase)).toEqual(Array(5).fill('idle'));
    await vi.advanceTimersByTimeAsync(200);
    expect(outcomes.map((o) => (o.error as ModelTimeoutError).phase)).toEqual([
      ...Array(5).fill('idle'),
      ...Array(5).fill('first-byte'),
    ]);
  });

  it('refuses a limit that is not a positive number', async () => {
    const { error } = await run(model(neverAnswers, { firstByteMs: 0, idleMs: 10 }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/timeouts.firstByteMs must be a positive number/);
  });
});
