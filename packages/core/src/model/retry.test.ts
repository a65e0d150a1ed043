import { describe, expect, it } from 'vitest';
import { AbortedError, ModelCallError, ModelUnreachableError, StreamInterruptedError } from '../errors.js';
import type { ChatModel, ModelEvent } from './chat-model.js';
import { withRetry } from './retry.js';

/** A model whose calls play `outcomes` in order: an error to throw, or events to yield (then maybe throw). */
function flaky(outcomes: Array<Error | { events: ModelEvent[]; thenThrow?: Error }>) {
  let calls = 0;
  const model: ChatModel & { calls: () => number } = {
    id: 'test:flaky',
    capabilities: { tools: true, jsonSchema: false, vision: false, contextWindow: 1000 },
    calls: () => calls,
    async *stream() {
      const outcome = outcomes[Math.min(calls++, outcomes.length - 1)]!;
      if (outcome instanceof Error) throw outcome;
      yield* outcome.events;
      if (outcome.thenThrow) throw outcome.thenThrow;
    },
  };
  return model;
}

const ok = {
  events: [
    { type: 'text-delta', text: 'hi' },
    { type: 'finish', reason: 'stop' },
  ] as ModelEvent[],
};
const drain = async (model: ChatModel, signal?: AbortSignal) => {
  const out: ModelEvent[] = [];
  for await (const e of model.stream({ messages: [] }, signal ? { signal } : {})) out.push(e);
  return out;
};

describe('withRetry', () => {
  it('retries transient failures with exponential backoff and full jitter', async () => {
    const model = flaky([
      new ModelUnreachableError('u', null),
      new ModelCallError({ status: 503, url: 'u' }),
      ok,
    ]);
    const delays: number[] = [];
    const events = await drain(
      withRetry(model, {
        baseDelayMs: 10,
        random: () => 0.5,
        onRetry: ({ delayMs }) => delays.push(delayMs),
      }),
    );
    expect(events[0]).toEqual({ type: 'text-delta', text: 'hi' });
    expect(delays).toEqual([5, 10]);
    expect(model.calls()).toBe(3);
  });

  it('does not retry what retrying cannot fix, nor a stream that already produced output', async () => {
    const denied = flaky([new ModelCallError({ status: 401, url: 'u' }), ok]);
    await expect(drain(withRetry(denied, { baseDelayMs: 1 }))).rejects.toThrow(/refused the credentials/);
    expect(denied.calls()).toBe(1);
    const cut = flaky([
      { events: [{ type: 'text-delta', text: 'half' }], thenThrow: new StreamInterruptedError() },
      ok,
    ]);
    await expect(drain(withRetry(cut, { baseDelayMs: 1 }))).rejects.toBeInstanceOf(StreamInterruptedError);
    expect(cut.calls()).toBe(1);
  });

  it('gives up after maxRetries with the last error', async () => {
    const model = flaky([new ModelCallError({ status: 500, url: 'u' })]);
    await expect(drain(withRetry(model, { maxRetries: 2, baseDelayMs: 1 }))).rejects.toBeInstanceOf(
      ModelCallError,
    );
    expect(model.calls()).toBe(3);
  });

  it('stops waiting as soon as the run is aborted', async () => {
    const model = flaky([new ModelCallError({ status: 429, url: 'u', retryAfterSeconds: 30 }), ok]);
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 30);
    await expect(drain(withRetry(model), controller.signal)).rejects.toBeInstanceOf(AbortedError);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(model.calls()).toBe(1);
  });
});
