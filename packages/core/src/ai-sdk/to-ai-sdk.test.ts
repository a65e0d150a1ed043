import { generateObject, generateText, stepCountIs, streamText, ToolLoopAgent, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtInAI } from '../model/built-in/built-in-ai.js';
import { ToolsUnsupportedError } from '../model/model-errors.js';
import { webLLM } from '../model/web-llm/web-llm.js';
import { fakeLanguageModel } from '../test/fake-language-model.js';
import { type FakeWebLLMScript, fakeWebLLMEngine } from '../test/fake-web-llm-engine.js';
import { toAISDK } from './to-ai-sdk.js';

// The AI SDK's own streamText / generateText / generateObject running on our local models: webLLM() on the
// fake web-llm engine (web-llm 0.2.x chunk shapes) and builtInAI() on the fake Prompt API.
const HERMES = 'Hermes-3-Llama-3.1-8B-q4f32_1-MLC';

function localModel(script: FakeWebLLMScript) {
  const engine = fakeWebLLMEngine(script);
  const llm = webLLM({
    model: HERMES,
    checkEnvironment: false,
    engine: async (_id, { onProgress }) => {
      engine.setInitProgressCallback(onProgress);
      await engine.reload(HERMES);
      return engine;
    },
  });
  return { llm, engine };
}

describe('toAISDK(webLLM()) in streamText', () => {
  it('runs a tool loop with stopWhen: the AI SDK executes the tool, the model answers from its result', async () => {
    const { llm, engine } = localModel({
      turns: [
        {
          toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }],
          usage: { inputTokens: 20, outputTokens: 8 },
        },
        { text: 'Oslo is snowy today.', chunkSize: 4, usage: { inputTokens: 40, outputTokens: 6 } },
      ],
    });
    const asked: string[] = [];
    const result = streamText({
      model: toAISDK(llm),
      prompt: 'Weather in Oslo?',
      tools: {
        weather: tool({
          description: 'Weather of a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => {
            asked.push(city);
            return { city, sky: 'snow' };
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(asked).toEqual(['Oslo']);
    expect(deltas.join('')).toBe('Oslo is snowy today.');
    const steps = await result.steps;
    expect(steps.map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['weather', { city: 'Oslo' }]]);
    expect(await result.totalUsage).toMatchObject({ inputTokens: 60, outputTokens: 14 });
    // The second request carried the tool result back to the local model.
    expect(JSON.stringify(engine.requests[1]?.messages)).toContain('snow');
  });

  it('stops after one step when stopWhen says so, and aborts the local generation', async () => {
    const { llm, engine } = localModel({
      turns: [{ toolCalls: [{ name: 'weather', arguments: { city: 'Rome' } }] }, { text: 'never' }],
    });
    const weather = tool({ inputSchema: z.object({ city: z.string() }), execute: async () => 'sun' });
    const one = await generateText({
      model: toAISDK(llm),
      prompt: 'Rome?',
      tools: { weather },
      stopWhen: stepCountIs(1),
    });
    expect(one.steps).toHaveLength(1);
    expect(engine.requests).toHaveLength(1);

    const slow = localModel({ turns: [{ text: 'a very long answer indeed', chunkSize: 1, delayMs: 20 }] });
    const controller = new AbortController();
    const streamed = streamText({ model: toAISDK(slow.llm), prompt: 'go', abortSignal: controller.signal });
    let seen = '';
    for await (const part of streamed.textStream) {
      seen += part;
      if (seen.length === 3) controller.abort();
    }
    expect(seen.length).toBeLessThan(10);
  });
});

describe('toAISDK in the AI SDK’s ToolLoopAgent', () => {
  it('loops over tool calls until the local model answers', async () => {
    const { llm } = localModel({
      turns: [
        { toolCalls: [{ name: 'add', arguments: { a: 20, b: 22 } }] },
        { toolCalls: [{ name: 'add', arguments: { a: 42, b: 0 } }] },
        { text: 'The sum is 42.' },
      ],
    });
    const sums: number[] = [];
    const agent = new ToolLoopAgent({
      model: toAISDK(llm),
      tools: {
        add: tool({
          inputSchema: z.object({ a: z.number(), b: z.number() }),
          execute: async ({ a, b }) => {
            sums.push(a + b);
            return a + b;
          },
        }),
      },
      stopWhen: stepCountIs(5),
    });
    const result = await agent.generate({ prompt: '20 + 22?' });
    expect(sums).toEqual([42, 42]);
    expect(result.text).toBe('The sum is 42.');
    expect(result.steps).toHaveLength(3);
  });
});

describe('toAISDK(builtInAI()) on the fake Prompt API', () => {
  it('streams text, and generateObject uses the Prompt API’s JSON constraint', async () => {
    const fake = fakeLanguageModel({ answers: ['Bonjour !', '{"city":"Nice","stars":4}'] });
    const model = toAISDK(builtInAI({ languageModel: fake }));
    const text = streamText({ model, system: 'Be brief.', prompt: 'Say hello in French' });
    expect(await text.text).toBe('Bonjour !');
    const object = await generateObject({
      model,
      schema: z.object({ city: z.string(), stars: z.number() }),
      prompt: 'A hotel',
    });
    expect(object.object).toEqual({ city: 'Nice', stars: 4 });
    expect(fake.prompts[1]?.responseConstraint).toMatchObject({
      type: 'object',
      required: ['city', 'stars'],
    });
  });

  it('refuses tools on a model without tool calling with ToolsUnsupportedError', async () => {
    const model = toAISDK(builtInAI({ languageModel: fakeLanguageModel({ answers: ['x'] }) }));
    const weather = tool({ inputSchema: z.object({ city: z.string() }), execute: async () => 'sun' });
    const error = await generateText({ model, prompt: 'x', tools: { weather }, maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolsUnsupportedError);
  });
});
