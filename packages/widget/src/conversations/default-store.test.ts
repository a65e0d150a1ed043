import { deleteDatabase } from '@agent-chat/core/test';
import { describe, expect, it, vi } from 'vitest';
import { defaultStore } from './default-store.js';

const turn = [
  { role: 'user' as const, content: 'Hello there' },
  { role: 'assistant' as const, content: 'Hi!' },
];

describe('defaultStore', () => {
  it('keeps conversations in IndexedDB: a second store on the same database sees them', async () => {
    const name = `default-store-test-${crypto.randomUUID()}`;
    const onFallback = vi.fn();
    await defaultStore(name, onFallback).append('c1', turn);
    const again = defaultStore(name, onFallback);
    expect(await again.load('c1')).toEqual(turn);
    expect((await again.list()).map((c) => c.title)).toEqual(['Hello there']);
    expect(onFallback).not.toHaveBeenCalled();
    await deleteDatabase(name);
  });

  it('falls back to memory, and says why, where IndexedDB is unavailable', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const onFallback = vi.fn();
    const store = defaultStore('unused', onFallback);
    await store.append('c1', turn);
    expect(await store.load('c1')).toEqual(turn);
    expect(onFallback).toHaveBeenCalledOnce();
  });

  it('falls back to memory when the database cannot be opened', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    });
    const onFallback = vi.fn();
    const store = defaultStore(`broken-${crypto.randomUUID()}`, onFallback);
    expect(await store.list()).toEqual([]);
    await store.rename('missing', 'x').catch(() => undefined);
    expect(onFallback).toHaveBeenCalledOnce();
  });
});
