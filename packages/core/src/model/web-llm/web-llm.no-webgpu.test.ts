import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agent/create-agent.js';
import type { AgentEvent } from '../../events.js';
import { mockModel } from '../../test/mock-model.js';
import { fallback } from '../fallback.js';
import { LocalModelUnavailableError } from '../model-errors.js';
import { webLLM } from './web-llm.js';
import { checkWebGPU } from './webgpu-check.js';

// Real Chromium started without --enable-unsafe-webgpu: navigator.gpu exists, but no adapter is offered.
describe('Chromium without a WebGPU adapter', () => {
  it('detects the missing adapter with the cause and the fix', async () => {
    expect('gpu' in navigator).toBe(true);
    const error = await checkWebGPU({ model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalModelUnavailableError);
    expect(error).toMatchObject({ reason: 'no-adapter', code: 'local_model_unavailable' });
    expect((error as Error).message).toMatch(/no WebGPU adapter|found none/);
    expect((error as Error).message).toMatch(/remote model/);
  });

  it('falls back to the remote model, visibly in the run, without starting a worker', async () => {
    let workers = 0;
    const local = webLLM({
      worker: () => {
        workers++;
        throw new Error('no worker should start without WebGPU');
      },
    });
    const remote = mockModel([{ text: 'Answered remotely.', usage: { inputTokens: 5, outputTokens: 3 } }]);
    const agent = createAgent({ model: fallback([local, remote]) });
    const events: AgentEvent[] = [];
    for await (const event of agent.run({ message: 'Hello' })) events.push(event);
    const decided = events.filter((e) => e.type === 'model.decided');
    expect(decided.map((e) => e.model)).toEqual([local.id, 'mock:model']);
    expect(decided[1]?.type === 'model.decided' && decided[1].reason).toMatch(/found none/);
    expect(events.find((e) => e.type === 'response.done')).toMatchObject({ text: 'Answered remotely.' });
    expect(events.find((e) => e.type === 'usage')).toMatchObject({ model: 'mock:model' });
    expect(workers).toBe(0);
  });
});
