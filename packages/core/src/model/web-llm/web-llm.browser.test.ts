import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agent/create-agent.js';
import { AbortedError } from '../../errors.js';
import type { AgentEvent } from '../../events.js';
import { collect } from '../../test/collect.js';
import type { FakeWebLLMScript } from '../../test/fake-web-llm-engine.js';
import { mockModel } from '../../test/mock-model.js';
import { defineTool } from '../../tools/tool.js';
import type { ModelRequest } from '../chat-model.js';
import { fallback } from '../fallback.js';
import { LocalModelUnavailableError, ModelNotFoundError } from '../model-errors.js';
import { webLLM } from './web-llm.js';
import { importWebLLM, type WebLLMChatRequest } from './web-llm-engine.js';
import { checkWebGPU } from './webgpu-check.js';

// Real Chromium with --enable-unsafe-webgpu (a SwiftShader adapter), real @mlc-ai/web-llm client
// (CreateWebWorkerMLCEngine) and a real Web Worker running web-llm's handler around a fake engine.
const QWEN = 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC';
const HERMES = 'Hermes-3-Llama-3.1-8B-q4f32_1-MLC';
const ask: ModelRequest = { messages: [{ role: 'user', content: 'hi' }] };

let workers = 0;
function fakeWorker(script: FakeWebLLMScript): () => Worker {
  return () => {
    workers++;
    // Inline `new Worker(new URL(…))`, so Vite (and vitest's browser runner) treat the file as a worker entry.
    return new Worker(new URL('../../test/fake-web-llm.worker.ts', import.meta.url), {
      type: 'module',
      name: JSON.stringify(script),
    });
  };
}

/** What reached the engine inside the worker. */
function engineLog() {
  const channel = new BroadcastChannel('fake-web-llm');
  const log = { requests: [] as WebLLMChatRequest[], interrupts: 0, close: () => channel.close() };
  channel.onmessage = (event: MessageEvent<{ kind: string; request: WebLLMChatRequest }>) => {
    if (event.data.kind === 'request') log.requests.push(event.data.request);
    else log.interrupts++;
  };
  return log;
}

describe('WebGPU detection in Chromium', () => {
  it('finds the SwiftShader adapter and its limits', async () => {
    const report = await checkWebGPU({ model: QWEN, vramMB: 1889 });
    expect(report.adapter.architecture).toBe('swiftshader');
    expect(report.maxStorageBufferBindingSize).toBeGreaterThan(0);
    expect(report.freeStorageBytes).toBeGreaterThan(0);
    const missing = await checkWebGPU({ model: 'x', requiredFeatures: ['no-such-feature'] }).catch(
      (e: unknown) => e,
    );
    expect(missing).toMatchObject({ reason: 'missing-feature' });
    const tooBig = await checkWebGPU({ model: 'x', bufferBytes: report.maxBufferSize * 2 }).catch(
      (e: unknown) => e,
    );
    expect(tooBig).toMatchObject({ reason: 'memory' });
    const noRoom = await checkWebGPU({ model: 'x', downloadBytes: (report.freeStorageBytes ?? 0) + 1 }).catch(
      (e: unknown) => e,
    );
    expect(noRoom).toBeInstanceOf(LocalModelUnavailableError);
    expect(noRoom).toMatchObject({ reason: 'quota' });
  });
});

// Generous timeouts: the first test imports web-llm (6.8 MB) and the machine may be shared.
describe('webLLM through web-llm’s worker protocol (fake engine in a real Worker)', {
  timeout: 60_000,
}, () => {
  it('boots the worker, reports progress, streams text and usage, reuses the engine', async () => {
    const log = engineLog();
    const before = workers;
    const model = webLLM({
      model: QWEN,
      worker: fakeWorker({
        turns: [{ text: 'Bonjour depuis le GPU', chunkSize: 5, usage: { inputTokens: 11, outputTokens: 6 } }],
      }),
    });
    const events = await collect(model.stream(ask));
    const loading = events.flatMap((e) => (e.type === 'loading' ? [e.progress] : []));
    expect(loading.map((p) => p.phase)).toEqual(
      'download download download compile compile ready'.split(' '),
    );
    expect(loading[2]).toMatchObject({ fraction: 1, loadedBytes: 800 * 1024 * 1024 });
    expect(events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('')).toBe(
      'Bonjour depuis le GPU',
    );
    expect(events).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 11, outputTokens: 6, totalTokens: 17 },
    });
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
    const again = await collect(model.stream(ask));
    expect(again.some((e) => e.type === 'loading')).toBe(false);
    expect(workers - before).toBe(1);
    await expect.poll(() => log.requests.length).toBe(2);
    expect(log.requests[0]).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    });
    await model.unload();
    log.close();
  });

  it('calls tools natively (Hermes) and runs them in the agent loop', async () => {
    const log = engineLog();
    const model = webLLM({
      model: HERMES,
      worker: fakeWorker({
        turns: [{ toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }, { text: 'It is 5.' }],
      }),
    });
    const add = defineTool({
      name: 'add',
      description: 'Adds two numbers',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: ({ a, b }: { a: number; b: number }) => a + b,
    });
    const events: AgentEvent[] = [];
    for await (const event of createAgent({ model, tools: [add] }).run({ message: 'What is 2 + 3?' }))
      events.push(event);
    expect(events.find((e) => e.type === 'tool.start')).toMatchObject({ name: 'add', args: { a: 2, b: 3 } });
    expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({ name: 'add', result: 5 });
    // The raw tool-call JSON the model streamed is not shown as answer text.
    expect(
      events
        .filter((e) => e.type === 'response.chunk')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('It is 5.');
    expect(events.filter((e) => e.type === 'model.loading').length).toBeGreaterThan(0);
    await expect.poll(() => log.requests.length).toBe(2);
    expect(log.requests[0]?.tools?.[0]?.function.name).toBe('add');
    expect(log.requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', content: '5' });
    await model.unload();
    log.close();
  });

  it.each(['tag', 'json', 'fenced'] as const)(
    'runs a tool call the model wrote as text (%s) instead of in the tool format, showing none of it',
    async (shape) => {
      const log = engineLog();
      const model = webLLM({
        model: HERMES,
        worker: fakeWorker({
          turns: [
            { toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }], toolCallAsText: shape },
            { text: 'It is 5.' },
          ],
        }),
      });
      const add = defineTool({
        name: 'add',
        description: 'Adds two numbers',
        parameters: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
        execute: ({ a, b }: { a: number; b: number }) => a + b,
      });
      const events = await collect(createAgent({ model, tools: [add] }).run({ message: 'What is 2 + 3?' }));
      expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({ name: 'add', result: 5 });
      const shown = events.flatMap((e) => (e.type === 'response.chunk' ? [e.text] : [])).join('');
      expect(shown).toBe('It is 5.');
      // One call for the mistake, one for the answer: no extra model call.
      await expect.poll(() => log.requests.length).toBe(2);
      await model.unload();
      log.close();
    },
  );

  it('interrupts generation in the worker on abort', async () => {
    const log = engineLog();
    const model = webLLM({
      model: QWEN,
      worker: fakeWorker({ turns: [{ text: 'x'.repeat(400), chunkSize: 2, delayMs: 10 }] }),
    });
    const controller = new AbortController();
    let chunks = 0;
    const run = (async () => {
      for await (const event of model.stream(ask, { signal: controller.signal }))
        if (event.type === 'text-delta' && ++chunks === 3) controller.abort();
    })();
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    await expect.poll(() => log.interrupts).toBe(1);
    expect(chunks).toBe(3);
    await model.unload();
    log.close();
  });

  it('cancels a load on abort and starts over on the next call', async () => {
    const before = workers;
    const model = webLLM({
      model: QWEN,
      worker: fakeWorker({ turns: [{ text: 'ok' }], progressDelayMs: 60 }),
    });
    const controller = new AbortController();
    const phases: string[] = [];
    const run = (async () => {
      for await (const event of model.stream(ask, { signal: controller.signal }))
        if (event.type === 'loading') {
          phases.push(event.progress.phase);
          controller.abort();
        }
    })();
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(phases).toEqual(['download']);
    const events = await collect(model.stream(ask));
    expect(events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('')).toBe('ok');
    expect(workers - before).toBe(2);
    await model.unload();
  });
});

describe('webLLM checks before loading', { timeout: 60_000 }, () => {
  it('names the models web-llm knows when the id is unknown', async () => {
    const model = webLLM({ model: 'Qwen9-Giant-q0-MLC', worker: fakeWorker({ turns: [] }) });
    const error = await collect(model.stream(ask)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect((error as Error).message).toMatch(
      /"Qwen9-Giant-q0-MLC" is not available.*Llama-3\.2-1B-Instruct-q4f32_1-MLC/,
    );
  });

  it('needs no new storage for weights already in the cache (reloads reuse it)', async () => {
    // This origin may store 100 MB more; the model's weights are up to 500 MB.
    const estimate = navigator.storage.estimate;
    navigator.storage.estimate = async () => ({ quota: 300 * 2 ** 20, usage: 200 * 2 ** 20 });
    try {
      const runtime = (cached: boolean) => async () => ({
        ...(await importWebLLM()),
        prebuiltAppConfig: { model_list: [{ model_id: 'Mid-Model-MLC', vram_required_MB: 500 }] },
        hasModelInCache: async () => cached,
      });
      const script = { turns: [{ text: 'ok' }] };
      const fresh = webLLM({ model: 'Mid-Model-MLC', runtime: runtime(false), worker: fakeWorker(script) });
      const error = await collect(fresh.stream(ask)).catch((e: unknown) => e);
      expect(error).toMatchObject({ reason: 'quota' });
      expect((error as Error).message).toMatch(/needs 500 MB of storage and this site may use 100 MB more/);
      const cached = webLLM({ model: 'Mid-Model-MLC', runtime: runtime(true), worker: fakeWorker(script) });
      const events = await collect(cached.stream(ask));
      expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
      await cached.unload();
    } finally {
      navigator.storage.estimate = estimate;
    }
  });
});

describe('fallback on this adapter', { timeout: 60_000 }, () => {
  it('moves to the remote model when the GPU lacks a feature the local model needs, visibly in the run', async () => {
    const gpu = (navigator as { gpu?: { requestAdapter(): Promise<{ features: Set<string> } | null> } }).gpu;
    const adapter = await gpu?.requestAdapter();
    const hasF16 = adapter?.features.has('shader-f16') ?? false;
    const local = webLLM({
      model: 'Hermes-2-Pro-Mistral-7B-q4f16_1-MLC',
      worker: fakeWorker({ turns: [{ text: 'local' }] }),
    });
    const agent = createAgent({ model: fallback([local, mockModel([{ text: 'remote' }])]) });
    const events: AgentEvent[] = [];
    for await (const event of agent.run({ message: 'hello' })) events.push(event);
    const decided = events.filter((e) => e.type === 'model.decided');
    const done = events.find((e) => e.type === 'response.done');
    if (hasF16) expect(done).toMatchObject({ text: 'local' });
    else {
      expect(decided.map((e) => e.model)).toEqual([local.id, 'mock:model']);
      expect(decided[1]?.type === 'model.decided' && decided[1].reason).toMatch(/shader-f16/);
      expect(done).toMatchObject({ text: 'remote' });
    }
  });
});
