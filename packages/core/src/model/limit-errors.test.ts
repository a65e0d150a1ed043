import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent.js';
import { ModelCallError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import { collect, eventStreamFetch, ofType, openAIStreamEvents } from '../test/index.js';
import { anthropic } from './anthropic/anthropic.js';
import { CreditsExhaustedError, RateLimitedError } from './limit-errors.js';
import { openAICompatible } from './openai/openai-compatible.js';

const encoder = new TextEncoder();

// The agent-chat proxy's own refusals, as it sends them (packages/proxy/src/usage/charge-usage.ts).
const proxy402 = () =>
  new Response(
    JSON.stringify({
      error: {
        code: 'credits_exhausted',
        message: 'Not enough credits: this request costs 5, 2 of 50 left today',
      },
      credits: { limit: 50, balance: 2, cost: 5, resetAt: '2026-11-24T00:00:00.000Z' },
    }),
    { status: 402, headers: { 'content-type': 'application/json', 'x-credits-remaining': '2' } },
  );
const proxy429 = (retryAfter: string) =>
  new Response(
    JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests: at most 60 per minute' } }),
    {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
    },
  );

const model = (fetch: typeof globalThis.fetch) =>
  openAICompatible({ baseURL: 'http://proxy.test/v1', model: 'gpt-4o-mini', fetch });
const failure = (fetch: typeof globalThis.fetch) =>
  collect(model(fetch).stream({ messages: [{ role: 'user', content: 'hi' }] })).catch((e: unknown) => e);

describe('rate limits and credits from the proxy', () => {
  it('turns a 402 into CreditsExhaustedError with balance, cost, limit and reset time; not retryable', async () => {
    const error = await failure(async () => proxy402());

    expect(error).toBeInstanceOf(CreditsExhaustedError);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({
      code: 'credits_exhausted',
      status: 402,
      balance: 2,
      cost: 5,
      limit: 50,
      isRetryable: false,
    });
    const { resetAt, message } = error as CreditsExhaustedError;
    expect(resetAt?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(message).toContain('2 of 50 left');
    expect(message).toContain('2026-11-24T00:00:00.000Z');
  });

  it('turns a 429 into RateLimitedError with retryAfterSeconds; a long wait is not retried in the background', async () => {
    const long = await failure(async () => proxy429('42'));
    const short = await failure(async () => proxy429('3'));

    expect(long).toBeInstanceOf(RateLimitedError);
    expect(long).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfterSeconds: 42,
      isRetryable: false,
    });
    expect((long as Error).message).toContain('try again in 42 s');
    expect(short).toMatchObject({ retryAfterSeconds: 3, isRetryable: true });
  });

  it('does the same for the Anthropic adapter', async () => {
    const claude = anthropic({
      baseURL: 'http://proxy.test/v1',
      model: 'claude-haiku-4-5',
      fetch: async () => proxy402(),
    });
    const error = await collect(claude.stream({ messages: [{ role: 'user', content: 'hi' }] })).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(CreditsExhaustedError);
  });

  it('puts the credits left (usage headers) on the usage event, and limits on the error event', async () => {
    const chunks = openAIStreamEvents({ text: 'Hello', usage: { inputTokens: 10, outputTokens: 2 } }).map(
      (e) => encoder.encode(e),
    );
    const answered = eventStreamFetch(chunks, {
      headers: {
        'content-type': 'text/event-stream',
        'x-credits-remaining': '45',
        'x-credits-limit': '50',
        'x-credits-cost': '5',
        'x-credits-reset': '2026-11-24T00:00:00.000Z',
      },
    });
    const events: AgentEvent[] = await collect(
      createAgent({ model: model(answered) }).run({ message: 'hi' }),
    );
    const refused: AgentEvent[] = await collect(
      createAgent({ model: model(async () => proxy429('42')), retry: false }).run({ message: 'hi' }),
    );

    expect(ofType(events, 'usage')[0]).toMatchObject({
      credits: { remaining: 45, limit: 50, cost: 5, resetAt: '2026-11-24T00:00:00.000Z' },
    });
    expect(ofType(refused, 'error')[0]).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 42 });
  });
});
