import { describe, expect, it } from 'vitest';
import { titleFrom } from './conversation-store.js';
import { memoryStore } from './memory-store.js';

describe('memoryStore', () => {
  it('lists, renames, exports, imports and deletes conversations', async () => {
    const store = memoryStore();
    await store.append('a', [
      { role: 'user', content: 'What teas are green?' },
      { role: 'assistant', content: 'Sencha.' },
    ]);
    expect((await store.list()).map((c) => [c.id, c.title, c.messageCount])).toEqual([
      ['a', 'What teas are green?', 2],
    ]);
    await store.rename('a', 'Green teas');
    const exported = await store.export('a');
    expect(exported).toMatchObject({
      format: 'agent-chat.conversation',
      version: 1,
      conversation: { title: 'Green teas' },
    });
    const id = await store.import(exported, 'b');
    expect(await store.load('b')).toEqual(await store.load('a'));
    await store.delete('a');
    expect((await store.list()).map((c) => c.id)).toEqual([id]);
  });

  it('says what is wrong with a bad import or an unknown id', async () => {
    const store = memoryStore();
    await expect(store.import({ format: 'other' } as never)).rejects.toThrow(
      /agent-chat conversation export/,
    );
    await expect(store.rename('missing', 'x')).rejects.toThrow(/no conversation with id "missing"/);
  });

  it('keeps stored history independent of the caller’s arrays', async () => {
    const store = memoryStore();
    const messages = [{ role: 'user' as const, content: 'hi' }];
    await store.append('a', messages);
    messages[0]!.content = 'changed';
    expect((await store.load('a'))[0]?.content).toBe('hi');
    // What a load gives is the caller's own: changing it changes neither the store nor a later load.
    const loaded = await store.load('a');
    loaded[0]!.content = 'changed too';
    loaded.push({ role: 'assistant', content: 'extra' });
    expect(await store.load('a')).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('stores a turn’s summaries with it, by position in the conversation, and exports them', async () => {
    const store = memoryStore();
    await store.append('a', [
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
    ]);
    await store.append(
      'a',
      [
        { role: 'user', content: 'q2' },
        { role: 'assistant', content: 'long answer' },
      ],
      [{ index: 1, text: 'short', method: 'extractive' }],
    );
    expect(await store.loadSummaries?.('a')).toEqual([{ seq: 3, text: 'short', method: 'extractive' }]);
    const copy = await store.import(await store.export('a'), 'b');
    expect(await store.loadSummaries?.(copy)).toEqual([{ seq: 3, text: 'short', method: 'extractive' }]);
  });
});

describe('titleFrom', () => {
  it('is the first line of the first user message, cut at a word boundary past 60 characters', () => {
    const long = 'Which of your green teas would suit a cold brew in summer, and how long should it steep?';
    const title = titleFrom([{ role: 'user', content: `${long}\nsecond line` }]);
    expect(title).toBe('Which of your green teas would suit a cold brew in summer,…');
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    expect(titleFrom([{ role: 'user', content: 'Short question\nmore' }])).toBe('Short question');
    // One word longer than a title (a URL) is cut where it is.
    expect(titleFrom([{ role: 'user', content: `https://example.com/${'a'.repeat(80)}` }])).toHaveLength(60);
    expect(titleFrom([])).toBe('New conversation');
  });
});
