import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agent/create-agent.js';
import { AbortedError, StreamInterruptedError } from '../../errors.js';
import { collect } from '../../test/collect.js';
import { type FakeWebLLMScript, fakeWebLLMEngine } from '../../test/fake-web-llm-engine.js';
import type { ModelRequest } from '../chat-model.js';
import { LocalModelUnavailableError, ToolsUnsupportedError } from '../model-errors.js';
import { webLLM } from './web-llm.js';

const ask: ModelRequest = { messages: [{ role: 'user', content: 'hi' }] };
const lookup = { name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: {} } };

function localModel(script: FakeWebLLMScript, model = 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC') {
  const engine = fakeWebLLMEngine(script);
  let loads = 0;
  const llm = webLLM({
    model,
    checkEnvironment: false,
    engine: async (_id, { onProgress }) => {
      loads++;
      engine.setInitProgressCallback(onProgress);
      await engine.reload(model);
      return engine;
    },
  });
  return { llm, engine, loads: () => loads };
}

describe('webLLM adapter (fake engine, in Node)', () => {
  it('reports download and compile progress once, then streams text and usage', async () => {
    const { llm, loads } = localModel({
      turns: [{ text: 'Hello from the GPU', chunkSize: 4, usage: { inputTokens: 9, outputTokens: 5 } }],
    });
    const first = await collect(llm.stream(ask));
    const loading = first.flatMap((e) => (e.type === 'loading' ? [e.progress] : []));
    expect(loading.map((p) => p.phase)).toEqual(
      'download download download compile compile ready'.split(' '),
    );
    expect(loading[1]).toMatchObject({
      fraction: 0.5,
      loadedBytes: 400 * 1024 * 1024,
      totalBytes: 800 * 1024 * 1024,
    });
    expect(first.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('')).toBe(
      'Hello from the GPU',
    );
    expect(first).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 9, outputTokens: 5, totalTokens: 14 },
    });
    expect(first.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
    const second = await collect(llm.stream(ask));
    expect(second.some((e) => e.type === 'loading')).toBe(false);
    expect(loads()).toBe(1);
  });

  it('calls tools natively with Hermes models and hides the raw tool-call JSON', async () => {
    const { llm, engine } = localModel(
      { turns: [{ toolCalls: [{ name: 'lookup', arguments: { q: 'tea' } }] }] },
      'Hermes-3-Llama-3.1-8B-q4f32_1-MLC',
    );
    expect(llm.capabilities.tools).toBe(true);
    const events = await collect(llm.stream({ ...ask, tools: [lookup] }));
    expect(events.some((e) => e.type === 'text-delta')).toBe(false);
    const calls = events.flatMap((e) => (e.type === 'tool-call-end' ? [e.toolCall] : []));
    expect(calls).toEqual([{ id: 'call_0', name: 'lookup', arguments: '{"q":"tea"}' }]);
    expect(engine.requests[0]?.tools?.[0]?.function.name).toBe('lookup');
  });

  it('refuses tools on a model without tool calling, and passes a JSON schema as web-llm response_format', async () => {
    const { llm, engine } = localModel({ turns: [{ text: '{"action":"answer"}' }] });
    expect(llm.capabilities).toMatchObject({ tools: false, jsonSchema: true });
    await expect(collect(llm.stream({ ...ask, tools: [lookup] }))).rejects.toBeInstanceOf(
      ToolsUnsupportedError,
    );
    const schema = { type: 'object', properties: { action: { type: 'string' } } };
    await collect(llm.stream({ ...ask, responseFormat: { type: 'json_schema', name: 'decision', schema } }));
    expect(engine.requests.at(-1)?.response_format).toEqual({
      type: 'json_object',
      schema: JSON.stringify(schema),
    });
  });

  it('interrupts generation on abort', async () => {
    const { llm, engine } = localModel({
      turns: [{ text: 'a long answer that goes on and on', chunkSize: 2, delayMs: 5 }],
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const event of llm.stream(ask, { signal: controller.signal }))
        if (event.type === 'text-delta') {
          seen.push(event.text);
          controller.abort();
        }
    })();
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(engine.interrupts).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('turns a failed load into LocalModelUnavailableError and loads again on the next call', async () => {
    const { llm, loads } = localModel({ turns: [{ text: 'ok' }], failLoad: 'Device was lost' });
    const error = await collect(llm.stream(ask)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalModelUnavailableError);
    expect(error).toMatchObject({ reason: 'engine-failed' });
    expect((error as Error).message).toMatch(/Device was lost.*remote model/);
    await collect(llm.stream(ask)).catch(() => {});
    expect(loads()).toBe(2);
  });

  it('says plainly when the browser has no WebGPU', async () => {
    // Node has a navigator but no navigator.gpu.
    const llm = webLLM({ engine: async () => fakeWebLLMEngine({ turns: [] }) });
    const error = await collect(llm.stream(ask)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalModelUnavailableError);
    expect(error).toMatchObject({ reason: 'no-webgpu', code: 'local_model_unavailable' });
    expect((error as Error).message).toMatch(/needs WebGPU.*fallback/);
  });

  it('turns a tool call a Hermes model wrote as text into a tool call; textToolCalls: false keeps the text', async () => {
    const hermes = 'Hermes-3-Llama-3.1-8B-q4f32_1-MLC';
    const script: FakeWebLLMScript = {
      turns: [{ toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }], toolCallAsText: 'tag' }],
    };
    const { llm } = localModel(script, hermes);
    const events = await collect(llm.stream({ ...ask, tools: [lookup] }));
    expect(events.filter((e) => e.type === 'text-delta')).toEqual([]);
    expect(events.find((e) => e.type === 'tool-call-end')).toMatchObject({
      toolCall: { name: 'lookup', arguments: '{"q":"x"}' },
    });
    const engine = fakeWebLLMEngine(script);
    const off = webLLM({
      model: hermes,
      checkEnvironment: false,
      textToolCalls: false,
      engine: async () => engine,
    });
    const kept = await collect(off.stream({ ...ask, tools: [lookup] }));
    expect(kept.find((e) => e.type === 'text-delta')).toMatchObject({
      text: expect.stringContaining('<tool_call>'),
    });
  });

  it('reports chunks that end without a finish reason as an interruption, which the loop retries once', async () => {
    const { llm } = localModel({
      turns: [{ text: 'Half an ans', cutAfterEvents: 1, chunkSize: 4 }, { text: 'Whole.' }],
    });
    await expect(collect(llm.stream(ask))).rejects.toBeInstanceOf(StreamInterruptedError);
    const again = localModel({
      turns: [{ text: 'Half an ans', cutAfterEvents: 1, chunkSize: 4 }, { text: 'Whole.' }],
    });
    const events = await collect(createAgent({ model: again.llm, retry: false }).run({ message: 'hi' }));
    expect(events.find((e) => e.type === 'response.reset')).toMatchObject({ code: 'stream_interrupted' });
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Whole.' });
  });
});
