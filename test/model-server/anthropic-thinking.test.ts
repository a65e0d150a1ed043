import { anthropic, createAgent, defineTool, memoryStore } from '@agent-chat/core';
import { collect, ofType } from '@agent-chat/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type ScriptedModelServer, startScriptedModelServer } from './scripted-model-server.js';

// Extended thinking with tool use over real HTTP: the next request of the run must carry the thinking
// blocks (signature unchanged) and redacted_thinking blocks ahead of the tool_use, before the tool_result.
let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());

const weather = defineTool({
  name: 'weather',
  description: 'Weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: 18 °C, sunny`,
});

type Block = Record<string, unknown> & { type: string };
const SIGNATURE =
  'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds+ZeHUS0YHN/OOKr0cxtNVQ8Lqv0Nd84rY1GgAl7BHSUxR4wiwzNtnmBExaBRF2Q==';

describe('Anthropic extended thinking with tools', () => {
  it('sends the thinking block back with its signature unchanged, before the tool_result', async () => {
    server.enqueue(
      {
        reasoning: 'The user wants the weather in Paris; I will call the tool.',
        thinkingSignature: SIGNATURE,
        toolCalls: [{ id: 'toolu_paris', name: 'weather', arguments: { city: 'Paris' } }],
      },
      { reasoning: 'The tool answered.', text: 'It is 18 °C and sunny in Paris.' },
    );
    const agent = createAgent({
      model: anthropic({
        baseURL: server.baseURL,
        model: 'claude-sonnet-4-5',
        thinking: { budgetTokens: 2048 },
      }),
      tools: [weather],
      store: memoryStore(),
    });
    const events = await collect(agent.run({ conversationId: 'c', message: 'Weather in Paris?' }));
    expect(ofType(events, 'response.done')[0]?.text).toBe('It is 18 °C and sunny in Paris.');
    expect(ofType(events, 'reasoning.done').map((e) => e.text)).toEqual([
      'The user wants the weather in Paris; I will call the tool.',
      'The tool answered.',
    ]);
    const [first, second] = server.requests.slice(-2).map((r) => r.body);
    expect(first).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 } });
    expect(first!.max_tokens).toBeGreaterThan(2048);
    const messages = second!.messages as Array<{ role: string; content: Block[] }>;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[1]!.content).toEqual([
      {
        type: 'thinking',
        thinking: 'The user wants the weather in Paris; I will call the tool.',
        signature: SIGNATURE,
      },
      { type: 'tool_use', id: 'toolu_paris', name: 'weather', input: { city: 'Paris' } },
    ]);
    expect(messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_paris', content: 'Paris: 18 °C, sunny' },
    ]);
  });

  it('passes a redacted_thinking block through the same way, and drops thinking of earlier runs', async () => {
    server.enqueue(
      {
        redactedThinking: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP',
        toolCalls: [{ id: 'toolu_rome', name: 'weather', arguments: { city: 'Rome' } }],
      },
      { text: 'Rome is 18 °C and sunny.' },
      { text: 'You are welcome.' },
    );
    const agent = createAgent({
      model: anthropic({
        baseURL: server.baseURL,
        model: 'claude-sonnet-4-5',
        thinking: { budgetTokens: 1024 },
      }),
      tools: [weather],
      store: memoryStore(),
    });
    await collect(agent.run({ conversationId: 'r', message: 'Weather in Rome?' }));
    const followUp = server.requests.at(-1)!.body.messages as Array<{ role: string; content: Block[] }>;
    expect(followUp[1]!.content[0]).toEqual({
      type: 'redacted_thinking',
      data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP',
    });
    expect(followUp[2]!.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_rome' });
    // A new run: the finished run's thinking stays in the store, not in the request.
    await collect(agent.run({ conversationId: 'r', message: 'Thanks!' }));
    const next = server.requests.at(-1)!.body.messages as Array<{ role: string; content: Block[] }>;
    expect(next.flatMap((m) => m.content).some((b) => b.type.includes('thinking'))).toBe(false);
  });
});
