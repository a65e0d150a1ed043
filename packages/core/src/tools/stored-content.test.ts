import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent.js';
import { memoryStore } from '../memory/memory-store.js';
import { collect } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { storedContentItems } from './stored-content.js';
import { defineTool } from './tool.js';
import { toolOutput } from './tool-output.js';

const image = (bytes: number, alt: string) => ({
  kind: 'image' as const,
  data: 'A'.repeat(Math.ceil((bytes * 4) / 3)),
  mimeType: 'image/png',
  alt,
});

describe('storedContentItems', () => {
  it('keeps binary items up to the cap in all and replaces the rest with a placeholder', () => {
    const items = [
      image(600_000, 'a.png'),
      { kind: 'text' as const, text: 'hi' },
      image(600_000, 'b.png'),
      image(300_000, 'c.png'),
    ];
    const stored = storedContentItems(items);
    expect(stored[0]).toBe(items[0]);
    expect(stored[1]).toBe(items[1]);
    expect(stored[2]).toEqual({
      kind: 'text',
      text: '[image "b.png" (image/png, 0.6 MB) not kept: over the 1.0 MB storage cap]',
    });
    expect(stored[3]).toBe(items[3]);
  });
});

describe('a run stores rich tool output with the conversation', () => {
  it('keeps the items of a tool message in the store, binary ones capped', async () => {
    const draw = defineTool({
      name: 'draw',
      description: 'Draws.',
      parameters: { type: 'object', properties: {} },
      execute: () => toolOutput([image(10, 'small.png'), image(2_000_000, 'huge.png')]),
    });
    const model = mockModel([{ toolCalls: [{ id: 'd', name: 'draw', arguments: {} }] }, { text: 'Done.' }]);
    const store = memoryStore();
    await collect(createAgent({ model, tools: [draw], store }).run({ conversationId: 'c', message: 'draw' }));
    const tool = (await store.load('c')).find((m) => m.role === 'tool');
    expect(tool).toMatchObject({
      role: 'tool',
      items: [
        image(10, 'small.png'),
        { kind: 'text', text: expect.stringContaining('"huge.png" (image/png, 2.0 MB) not kept') },
      ],
    });
    expect(JSON.stringify(model.requests[1]?.messages)).toContain(
      '[image image/png: small.png shown to the user]',
    );
  });
});
