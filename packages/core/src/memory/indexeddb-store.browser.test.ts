import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../model/messages.js';
import { deleteDatabase } from '../test/indexeddb-cleanup.js';
import type { AgentChatDBv1 } from './indexeddb-schema.js';
import { indexedDBStore } from './indexeddb-store.js';
import { StoreError } from './store-error.js';

const names: string[] = [];
const dbName = () => {
  const name = `test-${crypto.randomUUID()}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  for (const name of names.splice(0)) await deleteDatabase(name);
});

const turn = (n: number): Message[] => [
  { role: 'user', content: `question ${n}` },
  { role: 'assistant', content: '', toolCalls: [{ id: `c${n}`, name: 'lookup', arguments: '{}' }] },
  { role: 'tool', toolCallId: `c${n}`, toolName: 'lookup', content: `result ${n}` },
  { role: 'assistant', content: `answer ${n}` },
];

describe('indexedDBStore (real IndexedDB in Chromium)', () => {
  it('keeps turns, summaries and metadata across connections; lists, renames, exports, imports, deletes', async () => {
    const name = dbName();
    const store = indexedDBStore({ name });
    await store.append('a', turn(1), [{ index: 3, text: 'answer one', method: 'extractive' }]);
    await store.append('a', turn(2), [{ index: 2, text: 'r2', method: 'summarizer' }]);
    await store.append('b', turn(9));
    await store.rename('a', 'First conversation');
    store.close();

    const reopened = indexedDBStore({ name });
    expect(await reopened.load('a')).toEqual([...turn(1), ...turn(2)]);
    expect(await reopened.loadSummaries('a')).toEqual([
      { seq: 3, text: 'answer one', method: 'extractive' },
      { seq: 6, text: 'r2', method: 'summarizer' },
    ]);
    const list = await reopened.list();
    expect(list.map((c) => [c.id, c.title, c.messageCount])).toEqual([
      ['b', 'question 9', 4],
      ['a', 'First conversation', 8],
    ]);
    const exported = await reopened.export('a');
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
    const copy = await reopened.import(exported, 'c');
    expect(await reopened.load(copy)).toEqual(await reopened.load('a'));
    expect(await reopened.loadSummaries(copy)).toEqual(await reopened.loadSummaries('a'));
    await reopened.delete('a');
    expect(await reopened.load('a')).toEqual([]);
    expect((await reopened.list()).map((c) => c.id).sort()).toEqual(['b', 'c']);
    await expect(reopened.rename('a', 'x')).rejects.toThrow(/no conversation with id "a"/);
    await expect(reopened.import({ format: 'nope' } as never)).rejects.toThrow(
      /not an agent-chat conversation export/,
    );
    reopened.close();
  });

  it('migrates a version 1 database (one record per conversation) to the current version', async () => {
    const name = dbName();
    const v1 = await openDB<AgentChatDBv1>(name, 1, {
      upgrade: (db) => db.createObjectStore('conversations', { keyPath: 'id' }),
    });
    await v1.put('conversations', {
      id: 'old',
      title: 'From version 1',
      createdAt: 1,
      updatedAt: 2,
      messages: [...turn(1), ...turn(2)],
    });
    v1.close();

    const store = indexedDBStore({ name });
    expect(await store.load('old')).toEqual([...turn(1), ...turn(2)]);
    expect(await store.list()).toEqual([
      { id: 'old', title: 'From version 1', createdAt: 1, updatedAt: 2, messageCount: 8 },
    ]);
    await store.append('old', turn(3));
    expect((await store.load('old')).slice(-4)).toEqual(turn(3));
    store.close();
    const raw = await openDB(name);
    expect(raw.version).toBe(3);
    expect([...raw.objectStoreNames].sort()).toEqual(['conversations', 'entries', 'search', 'summaries']);
    raw.close();
    // Its messages are searchable too (indexed on the first search).
    expect((await indexedDBStore({ name }).search('answer 2')).map((c) => c.id)).toEqual(['old']);
  });

  it('searches titles and message text (user and answers, not tool results), newest first', async () => {
    const name = dbName();
    const store = indexedDBStore({ name });
    await store.append('tea', [
      { role: 'user', content: 'Which green tea?' },
      { role: 'assistant', content: 'Try Sencha.' },
    ]);
    await store.append('cake', [{ role: 'user', content: 'A cake recipe' }, ...turn(7)]);
    await store.append('tea', [{ role: 'user', content: 'And the Water temperature?' }]);
    const ids = async (q: string) => (await store.search(q)).map((c) => c.id);
    expect(await ids('sencha')).toEqual(['tea']);
    // Every word must match, in any message; the index follows later appends.
    expect(await ids('water GREEN')).toEqual(['tea']);
    expect(await ids('cake')).toEqual(['cake']);
    expect(await ids('result 7')).toEqual([]);
    expect(await ids('')).toEqual(['tea', 'cake']);
    await store.rename('cake', 'Baking');
    expect(await ids('baking')).toEqual(['cake']);
    await store.delete('tea');
    expect(await ids('sencha')).toEqual([]);
    store.close();
  });

  it('keeps a branch mark (ConversationSummary.branch) through import, appends and listing', async () => {
    const store = indexedDBStore({ name: dbName() });
    await store.append('root', turn(1));
    const data = await store.export('root');
    await store.import(
      { ...data, conversation: { ...data.conversation, id: 'fork', branch: { root: 'root' } }, messages: [] },
      'fork',
    );
    await store.append('fork', turn(2));
    const fork = (await store.list()).find((c) => c.id === 'fork');
    expect(fork).toMatchObject({ branch: { root: 'root' }, messageCount: 4 });
    expect(await store.load('fork')).toEqual(turn(2));
    store.close();
  });

  it('upgrades a version 2 database: its conversations become searchable, nothing is lost', async () => {
    const name = dbName();
    // A version 2 database as the previous release made it, with one conversation.
    const v2 = await openDB(name, 2, {
      upgrade: (db) => {
        db.createObjectStore('conversations', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
        db.createObjectStore('entries', { keyPath: ['conversationId', 'seq'] });
        db.createObjectStore('summaries', { keyPath: ['conversationId', 'seq'] });
      },
    });
    await v2.put('conversations', {
      id: 'v2',
      title: 'Old one',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 4,
      version: 3,
    });
    for (const [seq, message] of turn(5).entries())
      await v2.put('entries', { conversationId: 'v2', seq, message });
    await v2.put('summaries', { conversationId: 'v2', seq: 3, text: 'a5', method: 'extractive' });
    v2.close();

    const store = indexedDBStore({ name });
    expect(await store.load('v2')).toEqual(turn(5));
    expect(await store.loadSummaries('v2')).toEqual([{ seq: 3, text: 'a5', method: 'extractive' }]);
    expect((await store.search('answer 5')).map((c) => c.id)).toEqual(['v2']);
    store.close();
  });

  it('steps aside when another tab opens a newer schema, then reopens on demand', async () => {
    const name = dbName();
    const store = indexedDBStore({ name });
    await store.append('a', turn(1));
    // A newer version elsewhere would be blocked forever if the open connection did not close itself.
    const newer = await openDB(name, 4, { upgrade: (db) => db.createObjectStore('later') });
    expect(newer.version).toBe(4);
    newer.close();
    await expect(store.load('a')).rejects.toThrow(/another tab upgraded .* reload the page/);
    store.close();
  });

  it('writes a turn whole or not at all', async () => {
    const store = indexedDBStore({ name: dbName() });
    await store.append('a', turn(1));
    // The third message cannot be stored (functions are not cloneable): the whole turn must be refused.
    const bad = turn(2);
    (bad[2] as { content: unknown }).content = () => 'not storable';
    await expect(store.append('a', bad)).rejects.toBeInstanceOf(StoreError);
    expect(await store.load('a')).toEqual(turn(1));
    expect((await store.list())[0]?.messageCount).toBe(4);
    store.close();
  });

  it('reports a full disk clearly and loses nothing: the turn stays visible and is written with the next one', async () => {
    const store = indexedDBStore({ name: dbName() });
    await store.append('a', turn(1));
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    try {
      const error = await store.append('a', turn(2)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect(error).toMatchObject({ reason: 'quota', code: 'store_failed' });
      expect((error as Error).message).toMatch(
        /storage for this site is full.*Delete or export old conversations/,
      );
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(await store.load('a')).toEqual([...turn(1), ...turn(2)]);
    await store.append('a', turn(3));
    store.close();
    const reopened = indexedDBStore({ name: names.at(-1) as string });
    expect(await reopened.load('a')).toEqual([...turn(1), ...turn(2), ...turn(3)]);
    reopened.close();
  });

  it('tells other store instances (other tabs) about changes through a BroadcastChannel', async () => {
    const name = dbName();
    const tabA = indexedDBStore({ name });
    const tabB = indexedDBStore({ name });
    const seen = new Promise((resolve) => tabB.onChange(resolve));
    await tabA.append('a', turn(1));
    expect(await seen).toEqual({ type: 'appended', conversationId: 'a' });
    expect(await tabB.load('a')).toEqual(turn(1));
    tabA.close();
    tabB.close();
  });
});
