import { memoryStore } from '@agent-chat/core';
import { memoryThreadStore, remoteAgent } from '@agent-chat/core/remote';
import { collect } from '@agent-chat/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgUiServer, startAgUiServer } from './ag-ui-server.js';

// Two backends on their own ports; one conversation store and one thread store, as in one page.
let first: AgUiServer;
let second: AgUiServer;
beforeAll(async () => {
  [first, second] = await Promise.all([startAgUiServer(), startAgUiServer()]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

const userWords = (server: AgUiServer) =>
  server.inputs
    .at(-1)!
    .messages.filter((m) => m.role === 'user')
    .map((m) => m.content);

describe('remote threads are kept per agent URL', () => {
  it('a conversation reopened under another agent-url does not send its history there; back under the first, it continues', async () => {
    const store = memoryStore();
    const threads = memoryThreadStore();
    const a = remoteAgent({ url: first.url, protocol: 'ag-ui', store, threads });
    await collect(a.run({ message: 'My account number is 991-22, hello', conversationId: 'conv-url' }));
    await collect(a.run({ message: 'and my order', conversationId: 'conv-url' }));
    expect(userWords(first)).toEqual(['My account number is 991-22, hello', 'and my order']);

    // The page now points agent-url elsewhere, with the same conversation open.
    const b = remoteAgent({ url: second.url, protocol: 'ag-ui', store, threads });
    await collect(b.run({ message: 'hi there', conversationId: 'conv-url' }));
    expect(userWords(second)).toEqual(['hi there']);
    // The whole phrase: a short number alone can turn up in a random run or message id.
    expect(JSON.stringify(second.inputs)).not.toContain('account number is 991-22');

    // Back under the first backend: its own thread, without what was said to the other one.
    await collect(a.run({ message: 'thanks', conversationId: 'conv-url' }));
    expect(userWords(first)).toEqual(['My account number is 991-22, hello', 'and my order', 'thanks']);
  });

  it('a branch (regenerate, edit) of a conversation that began with another backend sends it nothing either; its own backend gets it as text', async () => {
    const store = memoryStore();
    const threads = memoryThreadStore();
    const a = remoteAgent({ url: first.url, protocol: 'ag-ui', store, threads });
    await collect(a.run({ message: 'My PIN is 4321', conversationId: 'conv-root' }));
    await collect(a.run({ message: 'second question', conversationId: 'conv-root' }));
    // The widget's branch: a copy up to the edited turn, marked with the family's root.
    const exported = await store.export('conv-root');
    await store.import(
      {
        ...exported,
        conversation: { ...exported.conversation, id: 'conv-branch', branch: { root: 'conv-root' } },
        messages: exported.messages.slice(0, 2),
      },
      'conv-branch',
    );
    const b = remoteAgent({ url: second.url, protocol: 'ag-ui', store, threads });
    await collect(b.run({ message: 'edited question', conversationId: 'conv-branch' }));
    expect(userWords(second)).toEqual(['edited question']);
    expect(JSON.stringify(second.inputs)).not.toContain('PIN is 4321');

    await store.import(
      {
        ...exported,
        conversation: { ...exported.conversation, id: 'conv-branch-2', branch: { root: 'conv-root' } },
        messages: exported.messages.slice(0, 2),
      },
      'conv-branch-2',
    );
    await collect(a.run({ message: 'edited again', conversationId: 'conv-branch-2' }));
    expect(userWords(first)).toEqual(['My PIN is 4321', 'edited again']);
  });
});
