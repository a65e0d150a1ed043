import { createAgent, defineTool, memoryRunLog, memoryStore, openAICompatible } from '@agent-chat/core';
import { collect, ofType } from '@agent-chat/core/test';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.js';

// Faults end in a documented state, over real HTTP and the real OpenAI wire format.
let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer({ idleTimeoutMs: 30_000 });
});
afterAll(() => server.close());

const SKU = { type: 'object' as const, properties: { sku: { type: 'string' } }, required: ['sku'] };
const model = () =>
  openAICompatible({ baseURL: server.baseURL, model: 'scripted', apiKey: 'sk-test-abcdefghijklmnop' });

describe('agent faults over the scripted model server', () => {
  it('retries a 429 twice, honouring Retry-After, then succeeds', async () => {
    const limited = {
      error: { status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } },
    };
    server.enqueue(limited, limited, { text: 'Finally an answer.' });
    const before = server.requests.length;
    const log = memoryRunLog();
    const store = memoryStore();
    const events = await collect(
      createAgent({ model: model(), runLog: log, store }).run({ conversationId: 'limited', message: 'hi' }),
    );
    const times = server.requests.slice(before).map((r) => r.receivedAt);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(950);
    expect(ofType(events, 'response.done')[0]?.text).toBe('Finally an answer.');
    expect(ofType(events, 'error')).toEqual([]);
    expect(await store.load('limited')).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Finally an answer.' },
    ]);
    expect(log.records().filter((r) => r.kind === 'model.retry')).toMatchObject([
      { attempt: 1, delayMs: 1000, code: 'rate_limited' },
      { attempt: 2, delayMs: 1000, code: 'rate_limited' },
    ]);
    // The key the adapter sent never reaches the log.
    expect(log.toJSONL()).not.toContain('sk-test-abcdefghijklmnop');
  });

  it('a stream cut mid-answer is retried once; cut again, the run fails, keeping the user message and finished turns', async () => {
    const ping = defineTool({
      name: 'ping',
      description: 'Ping.',
      parameters: { type: 'object', properties: {} },
      execute: () => 'pong',
    });
    const cut = {
      text: 'This answer will be cut somewhere in the middle.',
      chunkSize: 4,
      cutAfterEvents: 5,
      delayMs: 5,
    };
    server.enqueue({ toolCalls: [{ id: 'p', name: 'ping', arguments: {} }] }, cut, cut);
    const store = memoryStore();
    const events = await collect(
      createAgent({ model: model(), tools: [ping], store }).run({
        conversationId: 'cut',
        message: 'ping it',
      }),
    );
    // The first cut answer is withdrawn (response.reset) before the retry streams; the retry is cut too.
    const reset = events.findIndex((e) => e.type === 'response.reset');
    expect(events[reset]).toMatchObject({ turn: 2, code: 'stream_interrupted' });
    const shown = ofType(events.slice(reset), 'response.chunk')
      .map((e) => e.text)
      .join('');
    expect(shown.length).toBeGreaterThan(0);
    expect('This answer will be cut somewhere in the middle.'.startsWith(shown)).toBe(true);
    expect(shown.length).toBeLessThan(20);
    expect(ofType(events, 'error')).toHaveLength(1);
    expect(ofType(events, 'error')[0]).toMatchObject({ code: 'stream_interrupted', retryable: true });
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'failed' });
    expect(server.pending).toBe(0);
    // The partial answer is not stored as if whole.
    expect((await store.load('cut')).map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('a tool that times out becomes an error the model reacts to', async () => {
    let toolSignal: AbortSignal | undefined;
    const hang = defineTool({
      name: 'hang',
      description: 'Never finishes.',
      parameters: { type: 'object', properties: {} },
      timeoutMs: 100,
      execute: (_args, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    });
    server.enqueue(
      { toolCalls: [{ id: 'h', name: 'hang', arguments: {} }] },
      { text: 'The tool timed out, sorry.' },
    );
    const before = server.requests.length;
    const store = memoryStore();
    const events = await collect(
      createAgent({ model: model(), tools: [hang], store }).run({ conversationId: 'slow', message: 'go' }),
    );
    expect(ofType(events, 'tool.error')[0]).toMatchObject({
      name: 'hang',
      error: 'hang did not finish within 100 ms and was stopped.',
    });
    expect(toolSignal?.aborted).toBe(true);
    const toolMessage = (
      server.requests[before + 1]!.body.messages as Array<{ role: string; content: string }>
    ).at(-1);
    expect(toolMessage).toMatchObject({
      role: 'tool',
      content: 'Error: hang did not finish within 100 ms and was stopped.',
    });
    expect(events.at(-1)).toMatchObject({ status: 'completed', turns: 2 });
    expect((await store.load('slow')).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('a tool that throws runs its fallback, and the model is told', async () => {
    const cache = defineTool({
      name: 'cached_prices',
      description: 'Prices from the cache.',
      parameters: SKU,
      execute: ({ sku }: { sku: string }) => ({ sku, price: 9.5, stale: true }),
    });
    const live = defineTool({
      name: 'live_prices',
      description: 'Live prices.',
      parameters: SKU,
      fallback: 'cached_prices',
      execute: () => {
        throw new Error('pricing API returned 502');
      },
    });
    server.enqueue(
      { toolCalls: [{ id: 'l', name: 'live_prices', arguments: { sku: 'A1' } }] },
      { text: 'About 9.50.' },
    );
    const events = await collect(
      createAgent({ model: model(), tools: [live, cache] }).run({ message: 'price of A1?' }),
    );
    expect(ofType(events, 'tool.complete')[0]).toMatchObject({
      name: 'live_prices',
      result: { sku: 'A1', price: 9.5, stale: true },
      content: expect.stringMatching(
        /^\[live_prices failed: pricing API returned 502\. Result from its fallback cached_prices:\]/,
      ),
    });
    expect(events.at(-1)).toMatchObject({ status: 'completed' });
  });
});
