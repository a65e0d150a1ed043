import { describe, expect, it } from 'vitest';
import {
  countMessageTokens,
  estimateTokenCounter,
  o200kTokenCounter,
  tokenCounterFor,
} from './token-counter.js';

const SAMPLE = [
  'The quick brown fox jumps over the lazy dog. Sencha and Gyokuro are Japanese green teas.',
  JSON.stringify(
    Array.from({ length: 30 }, (_, i) => ({ id: `ord_${i}`, qty: i % 7, price: i * 2.25, city: 'Lyon' })),
  ),
  Array.from(
    { length: 40 },
    (_, i) =>
      `2026-11-21T09:00:${String(i % 60).padStart(2, '0')}Z INFO worker-${i % 4} GET /api/orders?page=${i} 200 ${i * 3}ms`,
  ).join('\n'),
  '## Findings\n\n- Returns are concentrated in Porto.\n- The p95 latency spike lines up with ECONNRESET.',
  'function total(orders) {\n  let sum = 0;\n  for (const order of orders) {\n    if (order.status !== "returned") sum += order.price * order.qty;\n  }\n  return sum;\n}',
  '煎茶と玉露は日本の緑茶です。注文の多くは大阪から届き、返品はほとんどありません。',
  'Сенча и гёкуро — японские зелёные чаи. Большинство заказов приходит из Осаки, возвратов почти нет.',
];

describe('token counting', () => {
  it('counts exactly with o200k_base for OpenAI models', async () => {
    const counter = await tokenCounterFor('openai:gpt-4o-mini');
    expect(counter).toMatchObject({ encoding: 'o200k_base', exact: true });
    expect(counter.count('hello world')).toBe(2);
    expect((await tokenCounterFor('gpt-4')).encoding).toBe('cl100k_base');
  });

  // bench/toon-serialization measures it on held-out real texts per kind; this is a quick guard.
  it('estimates other models within 20% of o200k_base on prose, JSON, logs, code, Japanese and Russian', async () => {
    const exact = await o200kTokenCounter();
    const estimate = await tokenCounterFor('anthropic:claude-sonnet-4');
    expect(estimate.exact).toBe(false);
    let total = 0;
    for (const text of SAMPLE) {
      const error = Math.abs(estimate.count(text) - exact.count(text)) / exact.count(text);
      expect(error, text.slice(0, 40)).toBeLessThan(0.2);
      total += error;
    }
    expect(total / SAMPLE.length).toBeLessThan(0.12);
  });

  it('counts messages with their role overhead and tool calls', () => {
    const counter = estimateTokenCounter();
    const plain = countMessageTokens(counter, [{ role: 'user', content: 'hi' }]);
    const withCall = countMessageTokens(counter, [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'lookup', arguments: '{"q":"tea"}' }] },
    ]);
    expect(plain).toBeGreaterThan(counter.count('hi'));
    expect(withCall - plain).toBeGreaterThan(counter.count('{"q":"tea"}'));
  });
});
