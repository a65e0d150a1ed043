import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimeout } from './idle-timeout.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('IdleTimeout', () => {
  it('fires after a silence, is pushed back by reset and paused by hold', () => {
    const fired = vi.fn();
    const timeout = new IdleTimeout(100, fired);
    vi.advanceTimersByTime(90);
    timeout.reset();
    vi.advanceTimersByTime(90);
    expect(fired).not.toHaveBeenCalled();
    const release = timeout.hold();
    vi.advanceTimersByTime(10_000);
    expect(fired).not.toHaveBeenCalled();
    release();
    release();
    vi.advanceTimersByTime(99);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('stays quiet after clear, and while any hold is active', () => {
    const fired = vi.fn();
    const timeout = new IdleTimeout(50, fired);
    const first = timeout.hold();
    const second = timeout.hold();
    first();
    vi.advanceTimersByTime(100);
    expect(fired).not.toHaveBeenCalled();
    second();
    timeout.clear();
    vi.advanceTimersByTime(100);
    expect(fired).not.toHaveBeenCalled();
  });
});
