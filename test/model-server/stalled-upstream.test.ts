import { createAgent, memoryRunLog, memoryStore, openAICompatible } from '@agent-chat/core';
import { collect, ofType } from '@agent-chat/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from './scripted-model-server.js';

// An upstream that accepts the request, sends its headers, then stalls: the idle limit turns it into a
// retryable ModelTimeoutError that withRetry retries; the run ends clearly and keeps the user's message.
let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());

const IDLE_MS = 300;
const stalledModel = () =>
  openAICompatible({ baseURL: server.baseURL, model: 'scripted', timeouts: { idleMs: IDLE_MS } });

describe('a stalled upstream', () => {
  it('times out after the idle limit, is retried by the policy, then ends the run with a clear message', async () => {
    server.enqueue(
      { stallMs: 5_000, text: 'never' },
      { stallMs: 5_000, text: 'never' },
      { stallMs: 5_000, text: 'never' },
    );
    const runLog = memoryRunLog();
    const store = memoryStore();
    const agent = createAgent({
      model: stalledModel(),
      store,
      runLog,
      retry: { maxRetries: 2, baseDelayMs: 10 },
    });
    const started = performance.now();
    const events = await collect(agent.run({ conversationId: 's', message: 'Are you there?' }));
    const elapsed = performance.now() - started;
    const retries = runLog.records().filter((r) => r.kind === 'model.retry');
    expect(retries.map((r) => r.code)).toEqual(['model_timeout', 'model_timeout']);
    expect(ofType(events, 'error')).toEqual([
      expect.objectContaining({
        code: 'model_timeout',
        retryable: true,
        message: expect.stringMatching(/stopped sending for 0.3 s/),
      }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'run.finish',
      status: 'failed',
      message: expect.stringMatching(/try again/),
    });
    // Three attempts of ~IDLE_MS each, far below the stall: the limit, not the upstream, ended them.
    expect(elapsed).toBeGreaterThanOrEqual(3 * IDLE_MS);
    expect(elapsed).toBeLessThan(4_000);
    expect(await store.load('s')).toEqual([{ role: 'user', content: 'Are you there?' }]);
  });

  it('answers when the retry reaches an upstream that streams', async () => {
    server.enqueue({ stallMs: 5_000, text: 'never' }, { text: 'Here I am.' });
    const agent = createAgent({ model: stalledModel(), retry: { maxRetries: 2, baseDelayMs: 10 } });
    const events = await collect(agent.run({ message: 'Are you there?' }));
    expect(ofType(events, 'response.done')[0]?.text).toBe('Here I am.');
  });

  it('lets Stop win while the upstream is stalled', async () => {
    server.enqueue({ stallMs: 5_000, text: 'never' });
    const agent = createAgent({
      model: openAICompatible({ baseURL: server.baseURL, model: 'scripted' }),
      store: memoryStore(),
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const events = await collect(
      agent.run({ conversationId: 'a', message: 'Hello?', signal: controller.signal }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'aborted' });
    expect(ofType(events, 'error')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
