import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ConversationStore } from '../memory/conversation-store.js';
import { memoryStore } from '../memory/memory-store.js';
import type { ChatModel } from '../model/chat-model.js';
import { collect, ofType } from '../test/collect.js';
import { mockModel } from '../test/mock-model.js';
import { defineTool } from '../tools/tool.js';
import { type Agent, createAgent } from './create-agent.js';
import { indexedDBCheckpointStore } from './indexeddb-checkpoint-store.js';

/** A `send_email` tool that asks first and records whom it sent to. */
function emailTool(sent: string[]) {
  return defineTool({
    name: 'send_email',
    description: 'Sends an email.',
    parameters: z.object({ to: z.string(), body: z.string().optional() }),
    needsApproval: true,
    execute: ({ to }) => {
      sent.push(to);
      return `sent to ${to}`;
    },
  });
}

/** The resumed turn is stored once after the paused one, its checkpoint is gone and it cannot be answered again. */
async function expectSettled(store: ConversationStore, name: string, agent: Agent, requestId: string) {
  expect((await store.load('c1')).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  expect(await indexedDBCheckpointStore({ name }).list()).toEqual([]);
  await expect(collect(agent.respond(requestId, true))).rejects.toThrow(/no pending/);
}

describe('a paused run survives a reload (real IndexedDB in Chromium)', () => {
  it('resumes a pending approval from a new agent instance over the same database', async () => {
    const name = `checkpoints-${crypto.randomUUID()}`;
    const sent: string[] = [];
    const send = emailTool(sent);
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
    await expectSettled(afterReload, name, after, request.requestId);
  });

  it('picks up an approved run the page closed on the way when the same answer is given again: the approved call does not run again and the turn is stored once', async () => {
    const name = `checkpoints-${crypto.randomUUID()}`;
    const sent: string[] = [];
    const send = emailTool(sent);
    // The conversation store (IndexedDB in the widget) outlives the page, like the checkpoints.
    const conversations = memoryStore();
    const agentWith = (model: ChatModel) =>
      createAgent({
        model,
        tools: [send],
        store: conversations,
        checkpoints: indexedDBCheckpointStore({ name }),
      });

    const first = await collect(
      agentWith(
        mockModel([
          { toolCalls: [{ id: 'mail', name: 'send_email', arguments: { to: 'ann@example.com' } }] },
        ]),
      ).run({
        conversationId: 'c1',
        message: 'Email Ann',
      }),
    );
    const request = ofType(first, 'approval.request')[0]!;
    // The continued run sends the email, then its model call never answers: the page closes there.
    let modelCalled!: () => void;
    const reachedModel = new Promise<void>((resolve) => {
      modelCalled = resolve;
    });
    const closing: ChatModel = {
      id: 'mock:hanging',
      capabilities: { tools: true, jsonSchema: true, vision: false, contextWindow: 128_000 },
      // A model call that never answers.
      async *stream() {
        modelCalled();
        await new Promise(() => {});
      },
    };
    void collect(agentWith(closing).respond(request.requestId, true));
    await reachedModel;
    expect(sent).toEqual(['ann@example.com']);
    expect((await conversations.load('c1')).map((m) => m.role)).toEqual(['user']);
    // Nothing is asked of the user again: the request is answered.
    const model = mockModel([(req) => ({ text: `Done: ${req.messages.at(-1)?.content}` })]);
    const after = agentWith(model);
    expect(await after.pending()).toEqual([]);

    // Another answer is refused; the same answer picks the run up.
    await expect(collect(after.respond(request.requestId, false))).rejects.toThrow(/no pending/);
    const resumed = await collect(after.respond(request.requestId, { approved: true }));
    expect(sent).toEqual(['ann@example.com']);
    expect(ofType(resumed, 'tool.start').map((e) => e.name)).toEqual(['send_email']);
    expect(ofType(resumed, 'tool.complete')[0]).toMatchObject({
      name: 'send_email',
      content: 'sent to ann@example.com',
    });
    expect(ofType(resumed, 'response.done')[0]?.text).toBe('Done: sent to ann@example.com');
    expect(resumed.at(-1)).toMatchObject({ status: 'completed' });
    await expectSettled(conversations, name, after, request.requestId);
  });

  it('a new message over an approved run the page closed before the call ran tells the model it may have run', async () => {
    const name = `checkpoints-${crypto.randomUUID()}`;
    const conversations = memoryStore();
    const checkpoints = indexedDBCheckpointStore({ name });
    const paid: string[] = [];
    // The call's own code never returns: the page closes while it runs.
    const pay = defineTool({
      name: 'pay',
      description: 'Pays an invoice.',
      parameters: z.object({ invoice: z.string() }),
      needsApproval: true,
      execute: ({ invoice }) => {
        paid.push(invoice);
        return new Promise<string>(() => {});
      },
    });
    const first = await collect(
      createAgent({
        model: mockModel([{ toolCalls: [{ id: 'p1', name: 'pay', arguments: { invoice: 'INV-7' } }] }]),
        tools: [pay],
        store: conversations,
        checkpoints,
      }).run({ conversationId: 'c2', message: 'Pay INV-7' }),
    );
    const request = ofType(first, 'approval.request')[0]!;
    void collect(
      createAgent({
        model: mockModel([{ text: 'never' }]),
        tools: [pay],
        store: conversations,
        checkpoints,
      }).respond(request.requestId, true),
    );
    await expect.poll(() => paid).toEqual(['INV-7']);
    const model = mockModel([{ text: 'I will check with you first.' }]);
    await collect(
      createAgent({ model, tools: [pay], store: conversations, checkpoints }).run({
        conversationId: 'c2',
        message: 'Did it go through?',
      }),
    );
    const toolMessage = model.requests[0]?.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toMatch(
      /^Error: approved, but the page closed before its result was kept; it may have run/,
    );
    expect(paid).toEqual(['INV-7']);
    expect(await checkpoints.list()).toEqual([]);
  });
});
