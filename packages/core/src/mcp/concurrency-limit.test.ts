import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ConcurrencyLimit', () => {
  it('runs at most `limit` tasks at once, in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(id);
      await tick();
      running--;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => limit.run(task(id))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(limit.active).toBe(0);
  });

  it('never starts a queued task whose signal aborted, and frees the slot of a failed task', async () => {
    const limit = new ConcurrencyLimit(1);
    let release!: () => void;
    const first = limit.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    let started = false;
    const queued = limit.run(async () => {
      started = true;
    }, controller.signal);
    controller.abort(new Error('stop'));
    await expect(queued).rejects.toThrow('stop');
    release();
    await first;
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'free again')).toBe('free again');
    expect(started).toBe(false);
  });
});
