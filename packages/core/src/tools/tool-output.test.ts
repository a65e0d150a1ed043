import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createAgent } from '../agent/create-agent.js';
import type { AgentEvent, AgentEventOf } from '../events.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from './tool.js';
import { toolOutput } from './tool-output.js';

describe('multi-modal tool results', () => {
  it('emits each content item and progress as events, and gives the model the text part', async () => {
    const report = defineTool({
      name: 'sales_report',
      description: 'Sales report.',
      parameters: z.object({}),
      execute: (_args, { emit }) => {
        emit?.({ type: 'progress', progress: 1, total: 2, message: 'querying' });
        return toolOutput([
          { kind: 'markdown', markdown: '**Q1 sales**' },
          { kind: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', alt: 'sales chart' },
          {
            kind: 'table',
            columns: ['month', 'total'],
            rows: [
              ['Jan', 10],
              ['Feb', 12],
            ],
          },
          {
            kind: 'chart',
            chart: { type: 'bar', labels: ['Jan', 'Feb'], series: [{ name: 'total', values: [10, 12] }] },
          },
          { kind: 'json', value: { best: 'Feb' } },
        ]);
      },
    });
    const model = mockModel([
      { toolCalls: [{ id: 'r', name: 'sales_report', arguments: {} }] },
      { text: 'Feb was best.' },
    ]);
    const events: AgentEvent[] = [];
    for await (const event of createAgent({ model, tools: [report] }).run({ message: 'sales?' }))
      events.push(event);
    const content = events.filter((e): e is AgentEventOf<'tool.content'> => e.type === 'tool.content');
    expect(content.map((e) => e.content.kind)).toEqual(['markdown', 'image', 'table', 'chart', 'json']);
    expect(content.every((e) => e.toolCallId === 'r')).toBe(true);
    expect(events.find((e) => e.type === 'tool.progress')).toMatchObject({
      progress: 1,
      total: 2,
      message: 'querying',
    });
    const sent = model.requests[1]?.messages.at(-1)?.content;
    expect(sent).toBe(
      [
        '**Q1 sales**',
        '[image image/png: sales chart shown to the user]',
        'month | total\nJan | 10\nFeb | 12',
        'Chart (bar), labels Jan, Feb; total: 10, 12',
        '{"best":"Feb"}',
      ].join('\n\n'),
    );
    expect(sent).not.toContain('iVBORw0KGgo');
  });
});
