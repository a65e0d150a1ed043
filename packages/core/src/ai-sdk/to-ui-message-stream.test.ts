import { readUIMessageStream, type UIMessage, type UIMessageChunk, validateUIMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../agent/create-agent.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { toUIMessageStream } from './to-ui-message-stream.js';

async function chunksOf(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
  return out;
}

const search = defineTool({
  name: 'search',
  description: 'Searches',
  parameters: z.object({ q: z.string() }),
  execute: ({ q }, ctx) => {
    ctx.emit?.({ type: 'progress', progress: 1, total: 2, message: 'half way' });
    return { hits: [`${q}!`] };
  },
});

describe('toUIMessageStream', () => {
  it('turns a workflow into data parts, tool progress into transient data, and stays a valid message', async () => {
    const steps = [
      { id: 's1', name: 'Find', tool: 'search', input: { q: 'tea' } },
      { id: 's2', name: 'Find more', tool: 'search', input: { q: 'coffee' }, dependsOn: ['s1'] },
    ];
    const agent = createAgent({
      model: mockModel([
        { toolCalls: [{ id: 'plan', name: 'plan_workflow', arguments: { goal: 'compare', steps } }] },
        { text: 'Tea and coffee found.', usage: { inputTokens: 9, outputTokens: 4 } },
      ]),
      tools: [search],
      workflows: true,
    });
    const [forChunks, forMessage] = toUIMessageStream(agent.run({ message: 'compare' })).tee();
    const chunks = await chunksOf(forChunks);
    const data = chunks.filter((c) => c.type.startsWith('data-')) as Array<{
      type: string;
      id?: string;
      transient?: boolean;
    }>;
    expect(data.filter((c) => c.type === 'data-workflow-step').map((c) => c.id)).toContain(
      `${(data.find((c) => c.type === 'data-workflow') as { data: { workflowId: string } } | undefined)?.data.workflowId}:s2`,
    );
    expect(data.filter((c) => c.type === 'data-tool-progress').every((c) => c.transient)).toBe(true);
    expect(data.some((c) => c.type === 'data-tool-progress')).toBe(true);

    let message: UIMessage | undefined;
    for await (const m of readUIMessageStream({ stream: forMessage })) message = m;
    const parts = message?.parts ?? [];
    // Reconciled by id: one part per workflow and per step, none for the transient progress.
    expect(parts.filter((p) => p.type === 'data-workflow')).toHaveLength(1);
    expect(parts.filter((p) => p.type === 'data-workflow-step')).toHaveLength(2);
    expect(parts.find((p) => p.type === 'data-workflow-step')).toMatchObject({
      data: { event: 'workflow.step.complete', status: 'done' },
    });
    expect(parts.some((p) => p.type === 'data-tool-progress')).toBe(false);
    expect(parts.find((p) => p.type === 'text')).toMatchObject({ text: 'Tea and coffee found.' });
    expect(message?.metadata).toMatchObject({
      status: 'completed',
      usage: { inputTokens: 9, outputTokens: 4 },
    });
    await validateUIMessages({ messages: [message] });
  });

  it('ends with an error chunk and a finish when the run fails', async () => {
    const agent = createAgent({
      model: mockModel([
        () => {
          throw new Error('boom');
        },
      ]),
      retry: false,
    });
    const chunks = await chunksOf(toUIMessageStream(agent.run({ message: 'hi' })));
    expect(chunks.find((c) => c.type === 'error')).toMatchObject({
      errorText: expect.stringContaining('boom'),
    });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'error' });
  });
});
