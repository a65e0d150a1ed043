import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { collect } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';

// Spans checked against the OpenTelemetry GenAI semantic conventions (gen-ai-spans.md, gen-ai-agent-spans.md):
// names `invoke_agent`, `chat {gen_ai.request.model}`, `execute_tool {gen_ai.tool.name}`; `gen_ai.operation.name`
// on each; usage and finish reasons on `chat`; tool name, call id and type on `execute_tool`; content opt-in.

const weather = defineTool({
  name: 'get_weather',
  description: 'Weather for a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: 21°C`,
});
const time = defineTool({
  name: 'get_time',
  description: 'Local time in a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: 14:05`,
});

function traced(recordContent?: boolean) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const model = mockModel([
    {
      toolCalls: [
        { id: 'call_w', name: 'get_weather', arguments: { city: 'Oslo' } },
        { id: 'call_t', name: 'get_time', arguments: { city: 'Oslo' } },
      ],
      usage: { inputTokens: 40, outputTokens: 12 },
    },
    { text: 'In Oslo it is 21°C at 14:05.', usage: { inputTokens: 80, outputTokens: 9 } },
  ]);
  const agent = createAgent({
    model,
    tools: [weather, time],
    telemetry: {
      tracer: provider.getTracer('test'),
      agentName: 'Shop assistant',
      ...(recordContent ? { recordContent } : {}),
    },
  });
  return { exporter, agent };
}

async function spansOf(recordContent?: boolean) {
  const { exporter, agent } = traced(recordContent);
  await collect(
    agent.run({ message: 'Weather and time in Oslo? I am ada@example.com', conversationId: 'conv-otel' }),
  );
  await expect.poll(() => exporter.getFinishedSpans().length).toBe(5);
  return exporter.getFinishedSpans();
}

describe('OpenTelemetry spans (GenAI semantic conventions)', () => {
  it('traces a run with two tool calls: invoke_agent over two chat spans and two execute_tool spans', async () => {
    const spans = await spansOf();
    const byName = (name: string) => spans.filter((span) => span.name === name);
    const [run] = byName('invoke_agent Shop assistant');
    expect(run?.kind).toBe(SpanKind.INTERNAL);
    expect(run?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'Shop assistant',
      'gen_ai.conversation.id': 'conv-otel',
      'gen_ai.provider.name': 'mock',
      'gen_ai.request.model': 'model',
    });
    const chats = byName('chat model');
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(chat.kind).toBe(SpanKind.CLIENT);
      expect(chat.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
      expect(chat.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'mock',
        'gen_ai.request.model': 'model',
      });
    }
    expect(chats.map((chat) => chat.attributes['gen_ai.usage.input_tokens'])).toEqual([40, 80]);
    expect(chats.map((chat) => chat.attributes['gen_ai.usage.output_tokens'])).toEqual([12, 9]);
    expect(chats.map((chat) => chat.attributes['gen_ai.response.finish_reasons'])).toEqual([
      ['tool_call'],
      ['stop'],
    ]);
    const tools = spans.filter((span) => span.attributes['gen_ai.operation.name'] === 'execute_tool');
    expect(tools.map((span) => span.name).sort()).toEqual([
      'execute_tool get_time',
      'execute_tool get_weather',
    ]);
    for (const tool of tools) {
      expect(tool.kind).toBe(SpanKind.INTERNAL);
      expect(tool.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
      expect(tool.attributes['gen_ai.tool.type']).toBe('function');
      expect(tool.status.code).not.toBe(SpanStatusCode.ERROR);
    }
    expect(tools.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual(['call_t', 'call_w']);
    // Content is opt-in: no messages, arguments or results on any span by default.
    const text = JSON.stringify(spans.map((span) => span.attributes));
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('Oslo');
  });

  it('puts messages, arguments and results on the spans only with recordContent', async () => {
    const spans = await spansOf(true);
    const chat = spans.find((span) => span.name === 'chat model');
    expect(String(chat?.attributes['gen_ai.input.messages'])).toContain('ada@example.com');
    expect(JSON.parse(String(chat?.attributes['gen_ai.output.messages']))[0]).toMatchObject({
      role: 'assistant',
      finish_reason: 'tool_call',
    });
    const tool = spans.find((span) => span.name === 'execute_tool get_weather');
    expect(JSON.parse(String(tool?.attributes['gen_ai.tool.call.arguments']))).toEqual({ city: 'Oslo' });
    expect(String(tool?.attributes['gen_ai.tool.call.result'])).toContain('21°C');
  });
});
