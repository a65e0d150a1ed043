import { describe, expect, it } from 'vitest';
import { EventChannel } from './event-channel.js';

/** A channel whose work is started by the first `next()`: it records the start and the cleanup. */
function channel() {
  const log: string[] = [];
  let open: EventChannel<number> | undefined;
  const events = new EventChannel<number>((self) => {
    log.push('start');
    open = self;
    return () => log.push('cleanup');
  });
  return { events, log, work: () => open! };
}

describe('EventChannel', () => {
  it('starts its work at the first next(), as a generator body would, and ends it once', async () => {
    const { events, log, work } = channel();
    expect(log).toEqual([]);
    const first = events.next();
    expect(log).toEqual(['start']);
    work().push(1);
    work().push(2);
    work().close();
    expect(await first).toEqual({ value: 1, done: false });
    expect(await events.next()).toEqual({ value: 2, done: false });
    expect(await events.next()).toEqual({ value: undefined, done: true });
    expect(await events.next()).toEqual({ value: undefined, done: true });
    expect(log).toEqual(['start', 'cleanup']);
  });

  it('answers next() calls made before their events in order', async () => {
    const { events, work } = channel();
    const pending = [events.next(), events.next(), events.next()];
    work().push(1);
    work().push(2);
    work().close();
    expect(await Promise.all(pending)).toEqual([
      { value: 1, done: false },
      { value: 2, done: false },
      { value: undefined, done: true },
    ]);
  });

  it('rejects the first next() when the start throws, then is done', async () => {
    const events = new EventChannel<number>(() => {
      throw new Error('message must be a non-empty string');
    });
    await expect(events.next()).rejects.toThrow('non-empty');
    expect(await events.next()).toEqual({ value: undefined, done: true });
  });

  it('delivers the events before a failure, then throws it, to a waiting consumer too', async () => {
    const { events, log, work } = channel();
    const first = events.next();
    const { events: other, work: otherWork } = channel();
    const waiting = other.next();
    otherWork().close({ error: new Error('store failed') });
    await expect(waiting).rejects.toThrow('store failed');
    work().push(1);
    work().close({ error: new Error('run log failed') });
    expect(await first).toEqual({ value: 1, done: false });
    await expect(events.next()).rejects.toThrow('run log failed');
    expect(await events.next()).toEqual({ value: undefined, done: true });
    expect(log).toEqual(['start', 'cleanup']);
  });

  it('stops the work when the consumer leaves early, and drops what comes later', async () => {
    const { events, log, work } = channel();
    const seen: number[] = [];
    const iterating = (async () => {
      for await (const value of events) {
        seen.push(value);
        if (value === 2) break;
      }
    })();
    for (const value of [1, 2, 3]) work().push(value);
    await iterating;
    expect(seen).toEqual([1, 2]);
    expect(log).toEqual(['start', 'cleanup']);
    work().push(4);
    expect(await events.next()).toEqual({ value: undefined, done: true });
    expect(log).toEqual(['start', 'cleanup']);
  });

  it('throw() stops the work and rethrows; return() before any next() never starts it', async () => {
    const { events, log } = channel();
    const pending = events.next();
    await expect(events.throw(new Error('consumer failed'))).rejects.toThrow('consumer failed');
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(log).toEqual(['start', 'cleanup']);
    const never = channel();
    expect(await never.events.return()).toEqual({ value: undefined, done: true });
    expect(await never.events.next()).toEqual({ value: undefined, done: true });
    expect(never.log).toEqual([]);
  });

  it('is an async iterator as a generator object is (itself as its iterator, `await using` where the runtime has it)', () => {
    const { events } = channel();
    const generator = (async function* () {})();
    expect(events[Symbol.asyncIterator]()).toBe(events);
    expect(Object.prototype.toString.call(events)).toBe(Object.prototype.toString.call(generator));
    const dispose = (Symbol as { asyncDispose?: symbol }).asyncDispose;
    if (dispose) expect((events as never)[dispose]).toBe((generator as never)[dispose]);
  });
});
