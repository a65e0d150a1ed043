import type { RunCheckpoint } from '@agent-chat/core';
import { deleteDatabase } from '@agent-chat/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkpointMarks } from './checkpoint-marks.js';
import { defaultCheckpoints } from './default-checkpoints.js';

const paused = (conversationId: string): RunCheckpoint => ({
  conversationId,
  runId: `run-${conversationId}`,
  createdAt: 1,
  assistant: { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'pay', arguments: '{}' }] },
  results: [],
  requests: [
    {
      requestId: `req-${conversationId}`,
      kind: 'approval',
      conversationId,
      toolCallId: 'call_1',
      name: 'pay',
      args: {},
    },
  ],
});

const databases = async () => (await indexedDB.databases()).map((d) => d.name);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('defaultCheckpoints', () => {
  it('opens no database until a run pauses; then keeps it in IndexedDB for a new page, marked, until it is settled', async () => {
    const name = `checkpoints-test-${crypto.randomUUID()}`;
    const first = defaultCheckpoints(name);
    expect(await first.load('c1')).toBeUndefined();
    expect(await first.findByRequest('req-c1')).toBeUndefined();
    expect(await first.list()).toEqual([]);
    await first.delete('c1');
    expect(await databases()).not.toContain(`${name}:checkpoints`);

    await first.save(paused('c1'));
    expect(checkpointMarks(name).has('c1')).toBe(true);
    expect(await databases()).toContain(`${name}:checkpoints`);
    // "A reload": a new store over the same database and marks.
    const again = defaultCheckpoints(name);
    expect(await again.load('c1')).toEqual(paused('c1'));
    expect((await again.findByRequest('req-c1'))?.conversationId).toBe('c1');
    expect(await again.load('c2')).toBeUndefined();
    await again.delete('c1');
    expect(checkpointMarks(name).has('c1')).toBe(false);
    expect(await defaultCheckpoints(name).list()).toEqual([]);
    await deleteDatabase(`${name}:checkpoints`);
  });

  it('keeps paused runs in memory where IndexedDB cannot be used, and looks for them where localStorage cannot be read', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = defaultCheckpoints(`no-idb-${crypto.randomUUID()}`);
    await store.save(paused('c3'));
    expect(await store.load('c3')).toEqual(paused('c3'));
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(await store.findByRequest('req-c3')).toEqual(paused('c3'));
  });
});
