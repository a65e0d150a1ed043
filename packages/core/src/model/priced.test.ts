import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent.js';
import { ConfigurationError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import { mockModel } from '../test/mock-model.js';
import type { ChatModel } from './chat-model.js';
import { fallback } from './fallback.js';
import { BudgetExceededError } from './model-errors.js';
import { priced } from './priced.js';
import { costOf, DEFAULT_PRICES, priceOf } from './pricing.js';
import { route } from './route.js';

const named = <M extends ChatModel>(model: M, id: string): M => Object.assign(model, { id });

describe('pricing', () => {
  it('finds prices by id, name, dated version and provider wildcard', () => {
    expect(priceOf('openai:gpt-4o-mini')).toEqual(DEFAULT_PRICES['gpt-4o-mini']);
    expect(priceOf('openai:gpt-4o-mini-2024-07-18')).toEqual(DEFAULT_PRICES['gpt-4o-mini']);
    expect(priceOf('anthropic:claude-sonnet-4-5-20250929')).toEqual({ inputPerMTok: 3, outputPerMTok: 15 });
    expect(priceOf('webllm:Qwen2.5-1.5B-Instruct-q4f16_1-MLC')).toEqual({
      inputPerMTok: 0,
      outputPerMTok: 0,
    });
    expect(priceOf('openai:some-unknown-model')).toBeUndefined();
    expect(
      costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, { inputPerMTok: 0.15, outputPerMTok: 0.6 }),
    ).toBeCloseTo(0.45, 10);
  });

  it('puts the cost of each call in the usage events; the total equals the table applied to the usage', async () => {
    const cheap = named(
      mockModel([{ text: 'a', usage: { inputTokens: 1200, outputTokens: 300 } }]),
      'openai:gpt-4o-mini',
    );
    const dear = named(
      mockModel([{ text: 'b', usage: { inputTokens: 800, outputTokens: 900 } }]),
      'anthropic:claude-sonnet-4-5',
    );
    const scores = [0.1, 0.9, 0.1];
    const model = priced(route({ simple: cheap, complex: dear }, { score: () => scores.shift()! }), {
      prices: { 'gpt-4o-mini': { inputPerMTok: 0.2, outputPerMTok: 0.8 } },
    });
    const agent = createAgent({ model });
    const usage: AgentEvent[] = [];
    for (const message of ['one', 'two', 'three'])
      for await (const event of agent.run({ message, conversationId: 'c1' }))
        if (event.type === 'usage') usage.push(event);
    const costs = usage.map((e) => (e.type === 'usage' ? [e.model, e.costUsd] : []));
    const mini = (1200 * 0.2 + 300 * 0.8) / 1e6;
    const sonnet = (800 * 3 + 900 * 15) / 1e6;
    expect(costs).toEqual([
      ['openai:gpt-4o-mini', mini],
      ['anthropic:claude-sonnet-4-5', sonnet],
      ['openai:gpt-4o-mini', mini],
    ]);
    expect(model.spentUsd('c1')).toBeCloseTo(2 * mini + sonnet, 12);
  });

  it('refuses a call that would go over the conversation budget, before sending it', async () => {
    const inner = named(
      mockModel([{ text: 'ok', usage: { inputTokens: 100_000, outputTokens: 10_000 } }]),
      'openai:gpt-4o',
    );
    const model = priced(inner, { budgetUsd: 0.3 });
    const agent = createAgent({ model });
    const run = async (conversationId: string) => {
      const events: AgentEvent[] = [];
      for await (const event of agent.run({ message: 'hello', conversationId })) events.push(event);
      return events;
    };
    await run('c1'); // 100k * 2.5 + 10k * 10 = $0.35: over after this call
    expect(model.spentUsd('c1')).toBeCloseTo(0.35, 10);
    const refused = await run('c1');
    expect(refused.find((e) => e.type === 'error')).toMatchObject({ code: 'budget_exceeded' });
    expect(inner.requests).toHaveLength(1);
    await run('c2'); // another conversation has its own budget
    expect(inner.requests).toHaveLength(2);
    const big = priced(inner, { budgetUsd: 0.01 });
    const error = await (async () => {
      for await (const _ of big.stream({
        messages: [{ role: 'user', content: 'x'.repeat(200_000) }],
        conversationId: 'c3',
      }));
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as Error).message).toMatch(/nothing was sent/);
    expect(inner.requests).toHaveLength(2);
  });

  it('behind fallback, refuses the paid model once over budget but keeps the free local one', async () => {
    const local = named(
      mockModel([{ text: 'local', usage: { inputTokens: 50, outputTokens: 5 } }], { tools: false }),
      'webllm:small',
    );
    const remote = named(
      mockModel([{ text: 'remote', usage: { inputTokens: 100_000, outputTokens: 1000 } }]),
      'openai:gpt-4o-mini',
    );
    const model = priced(fallback([local, remote]), { budgetUsd: 0.01 });
    const call = async (tools: boolean) => {
      const events = [];
      for await (const event of model.stream({
        messages: [{ role: 'user', content: 'hi' }],
        conversationId: 'c',
        ...(tools ? { tools: [{ name: 't', description: 'd', parameters: {} }] } : {}),
      }))
        events.push(event);
      return events;
    };
    await call(true); // remote: 100k × 0.15 + 1k × 0.6 = $0.0156, over the $0.01 budget
    expect(model.spentUsd('c')).toBeCloseTo(0.0156, 10);
    await expect(call(true)).rejects.toBeInstanceOf(BudgetExceededError);
    expect(remote.requests).toHaveLength(1);
    const local2 = await call(false);
    expect(local2).toContainEqual(
      expect.objectContaining({ type: 'usage', model: 'webllm:small', costUsd: 0 }),
    );
  });

  it('with a budget, refuses a model missing from the price table, naming it, before anything is sent', async () => {
    const inner = named(
      mockModel([{ text: 'ok', usage: { inputTokens: 10, outputTokens: 10 } }]),
      'openai:gpt-9-ultra',
    );
    const model = priced(inner, { budgetUsd: 1 });

    const refused = await (async () => {
      for await (const _ of model.stream({ messages: [{ role: 'user', content: 'hi' }] }));
    })().catch((e: unknown) => e);

    expect(refused).toBeInstanceOf(ConfigurationError);
    expect((refused as Error).message).toContain('"openai:gpt-9-ultra" has no price');
    expect((refused as Error).message).toContain('prices: { "gpt-9-ultra"');
    expect(inner.requests).toHaveLength(0);
    // Priced through `prices`, or without a budget, it answers.
    const known = priced(inner, {
      budgetUsd: 1,
      prices: { 'gpt-9-ultra': { inputPerMTok: 1, outputPerMTok: 2 } },
    });
    for await (const _ of known.stream({ messages: [{ role: 'user', content: 'hi' }] }));
    expect(inner.requests).toHaveLength(1);
  });
});
