import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent.js';
import { ModelCallError } from '../errors.js';
import type { AgentEvent } from '../events.js';
import { collect } from '../test/collect.js';
import { fakeWebLLMEngine } from '../test/fake-web-llm-engine.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import type { ChatModel, ModelRequest } from './chat-model.js';
import { fallback } from './fallback.js';
import { webLLM } from './web-llm/web-llm.js';

const ask: ModelRequest = { messages: [{ role: 'user', content: 'hi' }] };

function named(model: ChatModel, id: string): ChatModel {
  return { ...model, id, stream: model.stream.bind(model) };
}

describe('fallback (local first)', () => {
  it('uses the local model when it can do the job', async () => {
    const local = named(
      mockModel([{ text: 'local answer' }], { tools: false, contextWindow: 4096 }),
      'webllm:small',
    );
    const remote = named(mockModel([{ text: 'remote answer' }]), 'openai:gpt-4o-mini');
    const events = await collect(fallback([local, remote]).stream(ask));
    expect(events[0]).toEqual({
      type: 'decided',
      model: 'webllm:small',
      reason: 'first choice can do the job',
      candidates: ['webllm:small', 'openai:gpt-4o-mini'],
    });
    expect(
      events
        .filter((e) => e.type === 'text-delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('local answer');
  });

  it('moves to the remote model for a capability the local one lacks: tools, images, context length', async () => {
    const local = named(
      mockModel([{ text: 'local' }], { tools: false, vision: false, contextWindow: 50 }),
      'webllm:small',
    );
    const remote = named(mockModel([{ text: 'remote' }], { vision: true }), 'openai:gpt-4o');
    const model = fallback([local, remote]);
    const tool = { name: 't', description: 'd', parameters: {} };
    const cases: Array<[ModelRequest, RegExp]> = [
      [{ ...ask, tools: [tool] }, /no tool calling/],
      [
        { messages: [{ role: 'user', content: 'see', images: [{ url: 'data:image/png;base64,AA' }] }] },
        /no image input/,
      ],
      [{ messages: [{ role: 'user', content: 'x'.repeat(400) }] }, /context window of 50 tokens/],
    ];
    for (const [request, reason] of cases) {
      const [decided] = await collect(model.stream(request));
      expect(decided).toMatchObject({ type: 'decided', model: 'openai:gpt-4o' });
      expect((decided as { reason: string }).reason).toMatch(reason);
    }
  });

  it('moves to the remote model when WebGPU is missing, and remembers it', async () => {
    let engineBuilt = 0;
    const local = webLLM({
      engine: async () => {
        engineBuilt++;
        return fakeWebLLMEngine({ turns: [] });
      },
    });
    const remote = mockModel([{ text: 'remote answer' }]);
    const model = fallback([local, remote]);
    const events = await collect(model.stream(ask));
    const decided = events.filter((e) => e.type === 'decided');
    expect(decided.map((e) => e.model)).toEqual([local.id, 'mock:model']);
    expect((decided[1] as { reason: string }).reason).toMatch(/needs WebGPU/);
    const again = await collect(model.stream(ask));
    expect(again.filter((e) => e.type === 'decided').map((e) => e.model)).toEqual(['mock:model']);
    expect(engineBuilt).toBe(0);
  });

  it('does not fall back on transient errors (ADR-008)', async () => {
    const flaky: ChatModel = {
      id: 'webllm:flaky',
      capabilities: { tools: true, jsonSchema: true, vision: false, contextWindow: 8000 },
      async *stream() {
        yield* [];
        throw new ModelCallError({ status: 503, url: 'http://local' });
      },
    };
    const remote = mockModel([{ text: 'remote' }]);
    await expect(collect(fallback([flaky, remote]).stream(ask))).rejects.toMatchObject({ status: 503 });
    expect(remote.requests).toHaveLength(0);
  });

  it('shows the decision as a model.decided event of the run', async () => {
    const local = webLLM();
    const remote = mockModel([{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: '3' }]);
    const add = defineTool({
      name: 'add',
      description: 'Adds',
      parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
      execute: ({ a, b }: { a: number; b: number }) => a + b,
    });
    const agent = createAgent({ model: fallback([local, remote]), tools: [add] });
    const events: AgentEvent[] = [];
    for await (const event of agent.run({ message: 'add 1 and 2' })) events.push(event);
    const decided = events.filter((e) => e.type === 'model.decided');
    expect(decided[0]).toMatchObject({ model: 'mock:model' });
    expect(decided[0]?.type === 'model.decided' && decided[0].reason).toMatch(/webllm:.*no tool calling/);
    expect(events.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
  });
});
