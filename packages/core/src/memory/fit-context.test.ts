import { describe, expect, it } from 'vitest';
import { efficiencyLog } from '../context/efficiency-log.js';
import { pruneScoredChunks } from '../context/prune-scored-chunks.js';
import { estimateTokenCounter } from '../context/token-counter.js';
import type { Message } from '../model/messages.js';
import { mockModel } from '../test/mock-model.js';
import { dualTrackMemory } from './dual-track-memory.js';
import { fitContext } from './fit-context.js';

const counter = estimateTokenCounter();
const LOG = Array.from(
  { length: 80 },
  (_, i) => `2026-11-21T09:01:${i}Z INFO GET /api/items/${i} 200 ${i}ms`,
).join('\n');
const ANSWER = 'Everything looked healthy in the logs today. '.repeat(30);

function history(exchanges: number): Message[] {
  return Array.from({ length: exchanges }, (_, n): Message[] => [
    { role: 'user', content: `question ${n + 1}` },
    { role: 'assistant', content: '', toolCalls: [{ id: `c${n}`, name: 'tail_logs', arguments: '{}' }] },
    { role: 'tool', toolCallId: `c${n}`, toolName: 'tail_logs', content: LOG },
    { role: 'assistant', content: ANSWER },
  ]).flat();
}

const chunks = JSON.stringify({
  results: Array.from({ length: 20 }, (_, i) => ({
    id: `doc${i}`,
    score: i / 20,
    text: `chunk ${i} ${'lorem '.repeat(40)}`,
  })),
});

describe('fitContext', () => {
  const base = {
    memory: dualTrackMemory({ recentWindow: 2 }),
    summaries: [],
    systemPrompt: 'Be brief.',
    counter,
  };

  it('sends the default assembly when it fits', async () => {
    const fitted = await fitContext({
      ...base,
      history: history(4),
      current: [{ role: 'user', content: 'hi' }],
      maxTokens: 100_000,
    });
    expect(fitted.methods).toEqual([]);
    expect(fitted.sentTokens).toBe(fitted.beforeTokens);
    expect(fitted.sentTokens).toBeLessThan(fitted.rawTokens);
    expect(fitted.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('compacts in order — summaries, prune-rag, distill, roll-up — only as far as needed', async () => {
    const current: Message[] = [
      { role: 'user', content: 'search the docs and the logs' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'r', name: 'rag_search', arguments: '{}' },
          { id: 'l', name: 'tail_logs', arguments: '{}' },
        ],
      },
      { role: 'tool', toolCallId: 'r', toolName: 'rag_search', content: chunks },
      { role: 'tool', toolCallId: 'l', toolName: 'tail_logs', content: LOG },
    ];
    const input = { ...base, history: history(6), current };
    const full = await fitContext({ ...input, maxTokens: 1_000_000 });
    const order = ['summaries', 'prune-rag', 'distill', 'roll-up'];
    const seen = new Set<string>();
    let previous = 0;
    for (let maxTokens = full.sentTokens; maxTokens > 300; maxTokens -= 150) {
      const fitted = await fitContext({ ...input, maxTokens });
      // Always a prefix of the order, growing as the budget shrinks, and within budget when it can be.
      expect(order.slice(0, fitted.methods.length)).toEqual(fitted.methods);
      expect(fitted.methods.length).toBeGreaterThanOrEqual(previous);
      previous = fitted.methods.length;
      if (fitted.methods.length < 4) expect(fitted.sentTokens).toBeLessThanOrEqual(maxTokens);
      expect(fitted.beforeTokens).toBe(full.sentTokens);
      for (const method of fitted.methods) seen.add(method);
    }
    expect([...seen]).toEqual(order);
    const last = await fitContext({ ...input, maxTokens: 300 });
    expect(last.messages[0]?.content).toMatch(/^Be brief\.\n\n\[ID:history-sum ref:q1…q6\]/);
    expect(last.messages.at(-1)?.content).toMatch(/^\[ID:q7-t2-sum ref:q7-t2\] \(extractive summary/);
    expect(last.messages.at(-2)?.content).toMatch(
      /^\[ID:q7-t1\] \(pruned to the 1 best of 20 chunks by score\)/,
    );
  });

  it('distils with the summarizer when there is one', async () => {
    const summarizer = mockModel([{ text: 'Twenty chunks about lorem.' }]);
    const current: Message[] = [
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'x', name: 'read_file', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'x', toolName: 'read_file', content: 'lorem ipsum dolor '.repeat(400) },
    ];
    const fitted = await fitContext({ ...base, history: [], current, summarizer, maxTokens: 200 });
    expect(fitted.methods).toEqual(['distill']);
    expect(fitted.messages.at(-1)?.content).toBe('[ID:q1-t1-sum ref:q1-t1] Twenty chunks about lorem.');
  });
});

describe('pruneScoredChunks', () => {
  it('keeps the best chunks by score and says so; leaves other outputs alone', () => {
    const pruned = pruneScoredChunks(chunks, 2) ?? '';
    expect(pruned).toMatch(/^\(pruned to the 2 best of 20 chunks by score\) /);
    const kept = JSON.parse(pruned.slice(pruned.indexOf('{'))) as { results: { id: string }[] };
    expect(kept.results.map((r) => r.id)).toEqual(['doc19', 'doc18']);
    expect(pruneScoredChunks('plain text', 2)).toBeUndefined();
    expect(pruneScoredChunks('[{"a":1}]', 2)).toBeUndefined();
  });
});

describe('efficiencyLog', () => {
  it('flags drift when the rolling compression ratio of compressible calls degrades', () => {
    const log = efficiencyLog({ window: 5, minRawTokens: 1000, inputPricePerMillion: 2 });
    const call = (sentTokens: number, rawTokens = 10_000) =>
      log.record({ runId: 'r', turn: 1, model: 'm', rawTokens, sentTokens, method: 'dual-track' });
    for (let i = 0; i < 5; i++) expect(call(3000).drift).toBe(false);
    // Small conversations compress badly and that is fine: they do not count.
    expect(call(500, 500).drift).toBe(false);
    const flags = [call(9000), call(9000), call(9000), call(9000)].map((r) => r.drift);
    expect(flags).toEqual([false, false, true, true]);
    expect(log.records[0]).toMatchObject({ ratio: 0.3, costUsd: 0.006, rawCostUsd: 0.02 });
  });

  it('does not flag a conversation that has not compressed yet', () => {
    const log = efficiencyLog({ window: 3, minRawTokens: 1000 });
    const flags = Array.from(
      { length: 8 },
      () =>
        log.record({ runId: 'r', turn: 1, model: 'm', rawTokens: 5000, sentTokens: 5000, method: 'full' })
          .drift,
    );
    expect(flags.some(Boolean)).toBe(false);
  });
});
