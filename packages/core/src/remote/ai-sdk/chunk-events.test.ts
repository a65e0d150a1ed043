import { describe, expect, it } from 'vitest';
import type { AgentEventBody } from '../../events.js';
import { ChunkEvents } from './chunk-events.js';

describe('UI message chunks as events', () => {
  it('streams a tool input as tool.input (the text so far), then tool.start with the parsed input', () => {
    const events: AgentEventBody[] = [];
    const chunks = new ChunkEvents((event) => events.push(event));
    chunks.chunk({ type: 'start-step' });
    chunks.chunk({ type: 'tool-input-start', toolCallId: 't1', toolName: 'lookup' });
    chunks.chunk({ type: 'tool-input-delta', toolCallId: 't1', inputTextDelta: '{"id":' });
    chunks.chunk({ type: 'tool-input-delta', toolCallId: 't1', inputTextDelta: '"7"}' });
    chunks.chunk({ type: 'tool-input-available', toolCallId: 't1', toolName: 'lookup', input: { id: '7' } });
    expect(events.filter((e) => e.type.startsWith('tool.'))).toEqual([
      { type: 'tool.input', turn: 1, toolCallId: 't1', name: 'lookup', argsText: '{"id":' },
      { type: 'tool.input', turn: 1, toolCallId: 't1', name: 'lookup', argsText: '{"id":"7"}' },
      { type: 'tool.start', turn: 1, toolCallId: 't1', name: 'lookup', args: { id: '7' } },
    ]);
  });
});
