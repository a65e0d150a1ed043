import { type Message, memoryStore } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { forkAt, loadFamily } from './branch-store.js';
import { branchesByTurn } from './branch-variants.js';

const turn = (n: number): Message[] => [
  { role: 'user', content: `question ${n}` },
  { role: 'assistant', content: `answer ${n}` },
];

describe('forkAt', () => {
  it('copies what came before the turn with its memory summaries only, marks the family, leaves the original', async () => {
    const store = memoryStore();
    await store.append('c', turn(1), [{ index: 1, text: 'a1', method: 'extractive' }]);
    await store.append('c', turn(2), [{ index: 1, text: 'a2', method: 'extractive' }]);
    await store.append('c', turn(3));
    const fork = await forkAt(store, 'c', 1);
    expect(fork.messages).toEqual(turn(1));
    expect(await store.load(fork.id)).toEqual(turn(1));
    // The summary of answer 2 belongs to the old branch only.
    expect(await store.loadSummaries!(fork.id)).toEqual([{ seq: 1, text: 'a1', method: 'extractive' }]);
    expect(await store.load('c')).toEqual([...turn(1), ...turn(2), ...turn(3)]);
    expect((await store.list()).find((c) => c.id === fork.id)?.branch).toEqual({ root: 'c' });
    // A branch of the branch belongs to the same family.
    await store.append(fork.id, [
      { role: 'user', content: 'other 2' },
      { role: 'assistant', content: 'x' },
    ]);
    const second = await forkAt(store, fork.id, 1);
    expect((await store.list()).find((c) => c.id === second.id)?.branch).toEqual({ root: 'c' });
    await store.append(second.id, [
      { role: 'user', content: 'third 2' },
      { role: 'assistant', content: 'y' },
    ]);
    const family = await loadFamily(store, 'c');
    expect(family.map((m) => m.summary.id).sort()).toEqual(['c', fork.id, second.id].sort());
    // Turn 2 of the original has three versions; turn 1 has one (no picker).
    const turns = branchesByTurn('c', family);
    expect([...turns.keys()]).toEqual([1]);
    expect(turns.get(1)).toEqual({ index: 0, ids: ['c', fork.id, second.id] });
  });
});
