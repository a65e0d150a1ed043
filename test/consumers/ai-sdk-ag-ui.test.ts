// @agent-chat/core's ai-sdk and ag-ui entry points as users install them: the core tarball plus the
// ecosystem's own packages from npm in a fresh project, run by Node from the built dist (no source condition).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';
import { type ConsumerProject, createConsumerProject, tarball } from './consumer-project.ts';

let project: ConsumerProject;
let model: ScriptedModelServer;

beforeAll(async () => {
  project = await createConsumerProject('consumer-ai-sdk', {
    type: 'module',
    dependencies: {
      '@agent-chat/core': tarball(inject('tarballs').core),
      '@ag-ui/client': '1.0.0',
      '@ai-sdk/openai-compatible': '3.0.92',
      '@ai-sdk/provider': '4.0.38',
      ai: '7.0.173',
      rxjs: '7.8.1',
      zod: '4.6.7',
    },
  });
  model = await startScriptedModelServer();
});

afterAll(async () => {
  await model?.close();
  project?.remove();
});

const APP = `
import { createAgent, defineTool } from '@agent-chat/core';
import { fromAISDK, toAISDK, toUIMessageStream } from '@agent-chat/core/ai-sdk';
import { agUIAgent } from '@agent-chat/core/ag-ui';
import { mockModel } from '@agent-chat/core/test';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { readUIMessageStream, stepCountIs, streamText, tool, validateUIMessages } from 'ai';
import { z } from 'zod';

const out = {};
const add = defineTool({
  name: 'add', description: 'Adds two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
});
// An AI SDK provider in our agent loop, the run read as a UI message stream by the AI SDK.
const provider = createOpenAICompatible({ name: 'scripted', baseURL: process.env.MODEL_URL, apiKey: 'sk-test' });
const agent = createAgent({ model: fromAISDK(provider('scripted-model')), tools: [add] });
let message;
for await (const m of readUIMessageStream({ stream: toUIMessageStream(agent.run({ message: '2 + 40?' })) })) message = m;
await validateUIMessages({ messages: [message] });
out.ui = message.parts.map((p) => p.type === 'text' ? p.text : p.type === 'tool-add' ? p.output : p.type);
// Our model in the AI SDK's streamText with a tool loop.
const result = streamText({
  model: toAISDK(mockModel([{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: 'It is 3.' }])),
  prompt: '1 + 2?',
  tools: { add: tool({ inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => a + b }) },
  stopWhen: stepCountIs(3),
});
out.streamText = { text: await result.text, steps: (await result.steps).length };
// Our agent behind an AG-UI client.
const client = agUIAgent(createAgent({ model: mockModel([{ text: 'Hello from AG-UI.' }]) }), {
  initialMessages: [{ id: 'u1', role: 'user', content: 'hi' }],
});
await client.runAgent();
out.agui = client.messages.at(-1).content;
console.log(JSON.stringify(out));
`;

describe('the ai-sdk and ag-ui entry points, installed', () => {
  it('run in Node from the built package with ai, @ai-sdk/openai-compatible and @ag-ui/client from npm', async () => {
    writeFileSync(join(project.dir, 'app.mjs'), APP);
    model.enqueue(
      { toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 2, b: 40 } }] },
      { text: 'It is 42.' },
    );
    const output = await project.exec(process.execPath, ['app.mjs'], { MODEL_URL: model.baseURL });
    const line =
      output
        .trim()
        .split('\n')
        .find((l) => l.startsWith('{')) ?? '';
    expect(JSON.parse(line)).toEqual({
      ui: ['step-start', 42, 'step-start', 'It is 42.'],
      streamText: { text: 'It is 3.', steps: 2 },
      agui: 'Hello from AG-UI.',
    });
  });
});
