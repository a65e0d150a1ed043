import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { memoryStore } from '../memory/memory-store.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { createAgent } from './create-agent.js';
import { indexedDBCheckpointStore } from './indexeddb-checkpoint-store.js';

describe('a paused run survives a reload (real IndexedDB in Chromium)', () => {
  it('resumes a pending approval from a new agent instance over the same database', async () => {
    const name = `checkpoints-${crypto.randomUUID()}`;
    const sent: string[] = [];
    const send = defineTool({
      name: 'send_email',
      description: 'Sends an email.',
      parameters: z.object({ to: z.string(), body: z.string() }),
      needsApproval: true,
      execute: ({ to }) => {
        sent.push(to);
        return `sent to ${to}`;
      },
    });
    // Conversations kept in memory die with the page; only the IndexedDB checkpoint outlives the "reload".
    const conversations = memoryStore();

    const before = createAgent({
      model: mockModel([
        { toolCalls: [{ id: 'mail', name: 'send_email', arguments: { to: 'ann@example.com', body: 'Hi' } }] },
      ]),
      tools: [send],
      store: conversations,
      checkpoints: indexedDBCheckpointStore({ name }),
    });
    const first = await collect(before.run({ conversationId: 'c1', message: 'Email Ann' }));
    const request = ofType(first, 'approval.request')[0]!;
    expect(first.at(-1)).toMatchObject({ status: 'waiting' });
    expect(sent).toEqual([]);

    expect((await conversations.load('c1')).map((m) => m.role)).toEqual(['user']);

    // "Reload": nothing of the first agent is reused but the database name.
    const model = mockModel([(request) => ({ text: `Result: ${request.messages.at(-1)?.content}` })]);
    const afterReload = memoryStore();
    const after = createAgent({
      model,
      tools: [send],
      store: afterReload,
      checkpoints: indexedDBCheckpointStore({ name }),
    });
    expect(await after.pending()).toMatchObject([
      {
        requestId: request.requestId,
        kind: 'approval',
        conversationId: 'c1',
        name: 'send_email',
        args: { to: 'ann@example.com', body: 'Hi' },
      },
    ]);
    const resumed = await collect(after.respond(request.requestId, true));
    expect(resumed[0]).toMatchObject({ type: 'run.start', conversationId: 'c1', resumes: request.requestId });
    expect(sent).toEqual(['ann@example.com']);
    expect(ofType(resumed, 'response.done')[0]?.text).toBe('Result: sent to ann@example.com');
    expect(resumed.at(-1)).toMatchObject({ status: 'completed' });
    // The resumed call saw the whole conversation: the user's message and the waiting tool call.
    expect(model.requests[0]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(model.requests[0]?.messages[0]).toEqual({ role: 'user', content: 'Email Ann' });
    expect((await afterReload.load('c1')).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(await indexedDBCheckpointStore({ name }).list()).toEqual([]);
    await expect(collect(after.respond(request.requestId, true))).rejects.toThrow(/no pending/);
  });
});
